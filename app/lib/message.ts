/**
 * The spec's styling rule: a message whose text contains 'sent', 'successful' or 'success' is shown
 * as a success, any other as an error. It is applied to the English wording, so a translation never
 * changes how a message looks.
 */
export function isSuccessMessage(text: string): boolean {
  return /sent|success/i.test(text)
}
