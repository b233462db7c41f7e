/**
 * The admin area is a separate build served under /admin/. When the app build meets an /admin path
 * (an in-app link, or a server that fell back to the app's index.html), it reloads the page once so the
 * server can serve the admin build. The marker below stops a reload loop: the admin build clears it when
 * it starts, so finding it still set means the server answered with the app again.
 */
const HANDOFF_KEY = 'meguri:admin-handoff';

/** Returns false when a hand-off to `target` was already tried and came back to the app build. */
export function beginAdminHandoff(target: string): boolean {
  try {
    if (sessionStorage.getItem(HANDOFF_KEY) === target) {
      sessionStorage.removeItem(HANDOFF_KEY);
      return false;
    }
    sessionStorage.setItem(HANDOFF_KEY, target);
  } catch {
    // Without storage a loop cannot be detected; try once anyway.
  }
  return true;
}

/** Called by the admin build on start. */
export function completeAdminHandoff(): void {
  try {
    sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    // Nothing to clear.
  }
}
