// Short tones made with the Web Audio API (no sound files to ship): a move, the game's end,
// and the warning when one's own clock runs low. Silent unless the player switched sounds on.
import { settings } from "./settings";

export type Sound = "move" | "end" | "low";

// Frequency (Hz), length (s) and volume of each tone.
const TONES: Record<Sound, [number, number, number][]> = {
  move: [[660, 0.06, 0.18]],
  end: [
    [523, 0.12, 0.2],
    [784, 0.2, 0.2],
  ],
  low: [
    [880, 0.08, 0.15],
    [880, 0.08, 0.15],
  ],
};

let audio: AudioContext | null = null;

export function play(sound: Sound): void {
  if (!settings().sounds) return;
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [freq, length, volume] of TONES[sound]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(volume, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length + 0.04;
    }
  } catch {
    // No audio here (a browser without Web Audio, or one that refuses it): stay silent.
  }
}
