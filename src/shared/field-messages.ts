/**
 * The one voice of every validation message, on the server and in the forms: an empty or malformed
 * field tells the user what to enter ("Enter a name."), never what is wrong with it ("Must not be
 * empty."). Messages are written lowercase without a full stop so the API can put them after the field
 * (`name: enter a name`); a form shows them as sentences (`asSentence`). Every empty-field and e-mail
 * message comes from here, so the forms cannot drift apart again.
 */
export const fieldMessages = {
  /** An empty required field: `enter("the restaurant's name")` → "enter the restaurant's name". */
  enter: (what: string) => `enter ${what}`,
  /** An address that is not one. */
  email: 'enter an email address such as name@example.com',
} as const;

/** A message as a form shows it: "enter a name" → "Enter a name." */
export function asSentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
