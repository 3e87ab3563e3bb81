// Moving between pages: the router (main.ts) listens to hash changes.
export function navigate(path: string): void {
  if (location.hash === "#" + path) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = path;
}
