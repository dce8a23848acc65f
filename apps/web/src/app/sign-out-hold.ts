// Log out waits a second before it shows the sign-in page (seed §9). Meanwhile the page the
// member was on stays: the route guard would otherwise send the now signed-out visitor to
// sign in at once, with `?next=` back to a page they just left on purpose.

let holding = false;

/** Called just before signing out; `release` once the sign-in page is shown. */
export function holdForSignOut(): { release: () => void } {
  holding = true;
  return {
    release: () => {
      holding = false;
    },
  };
}

/** True between log out and the delayed move to the sign-in page. */
export function isHeldForSignOut(): boolean {
  return holding;
}
