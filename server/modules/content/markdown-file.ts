import { badRequest } from '../../platform/errors';

export const MAX_DOCUMENT_CHARS = 200_000;

/** A document file: its first '# ' line is the title, the rest is the body the drawer renders under it. */
export function splitTitle(markdown: string): { title: string; body: string } {
  const text = markdown.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.length > MAX_DOCUMENT_CHARS)
    throw badRequest(`A document may have at most ${MAX_DOCUMENT_CHARS} characters`);
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.trim() !== '');
  const first = index >= 0 ? lines[index]! : '';
  if (!/^# \S/.test(first)) throw badRequest("A document must start with its title on a line beginning with '# '");
  const title = first.slice(2).trim();
  const body = lines
    .slice(index + 1)
    .join('\n')
    .trim();
  if (body === '') throw badRequest('A document needs some text under its title');
  return { title, body: `${body}\n` };
}
