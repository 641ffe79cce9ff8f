import { readFile, stat } from 'node:fs/promises';
import type { PamOperatorCommand } from '../operator/pam-command';
import { requireArgs } from '../../platform/operator/command';
import { badRequest } from '../../platform/errors';
import { MAX_DOCUMENT_CHARS } from './markdown-file';

const usage = 'content list | content show <slug> | content replace <slug> <path-to-markdown-file>';

async function readMarkdown(path: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw badRequest(`No such file: ${path}`);
  if (info.size > MAX_DOCUMENT_CHARS * 4) throw badRequest('The file is too large for a document');
  return readFile(path, 'utf8');
}

/** The operator replaces a legal or help document without a release; every earlier version is kept. */
export const contentCommands: PamOperatorCommand[] = [
  {
    name: 'content',
    usage,
    async run(services, args) {
      const [action, slug, path] = requireArgs(args, 1, usage);
      if (action === 'list') return services.content.index();
      if (action === 'show') {
        requireArgs(args, 2, usage);
        return { ...(await services.content.get(slug!)), versions: await services.content.history(slug!) };
      }
      if (action === 'replace') {
        requireArgs(args, 3, usage);
        return services.content.replace(slug!, await readMarkdown(path!));
      }
      throw badRequest(`Usage: ${usage}`);
    },
  },
];
