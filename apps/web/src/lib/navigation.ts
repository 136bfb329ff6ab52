/** A full-page navigation (the sign-up flow ends with a hard redirect so every cache starts fresh). */
export function hardRedirect(url: string): void {
  window.location.assign(url);
}
