// What a player sets for this browser: when a clock counts as low (its warning), and whether
// moves make a sound (off by default). Kept in localStorage; pages listen for changes.
const KEY = "boyi.settings";

export interface Settings {
  lowTimeSeconds: number; // 0: no warning
  sounds: boolean;
}

export const LOW_TIME_CHOICES = [0, 10, 30, 60];
const DEFAULTS: Settings = { lowTimeSeconds: 30, sounds: false };

function read(): Settings {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>;
    return {
      lowTimeSeconds: LOW_TIME_CHOICES.includes(stored.lowTimeSeconds ?? -1) ? stored.lowTimeSeconds! : DEFAULTS.lowTimeSeconds,
      sounds: typeof stored.sounds === "boolean" ? stored.sounds : DEFAULTS.sounds,
    };
  } catch {
    return { ...DEFAULTS };
  }
}

let current = read();
const listeners = new Set<() => void>();

export function settings(): Settings {
  return current;
}

export function updateSettings(change: Partial<Settings>): void {
  current = { ...current, ...change };
  localStorage.setItem(KEY, JSON.stringify(current));
  listeners.forEach((l) => l());
}

export function onSettingsChange(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
