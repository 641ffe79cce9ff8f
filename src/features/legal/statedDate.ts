/** The date a document gives itself ('Last updated: 28 February 2022'), so the heading never contradicts the text. */
export function statedDate(body: string): string | null {
  return /^\s*\**Last updated:?\**\s*(.+?)\s*$/im.exec(body)?.[1]?.replace(/\*+$/, '') ?? null;
}
