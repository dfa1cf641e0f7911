/** Sends the whole browser window to another address (PayPal's payer-action page), leaving the app. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
