import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PhotoStorage, StoredObject } from './port.js';

/** Where the local adapter's files are served from (the storage module serves them). */
export const UPLOADS_PREFIX = '/uploads/';

/** A key as a relative path that cannot leave the storage root. */
export function safeKey(key: string): string {
  const normalised = path.posix.normalize(key);
  if (normalised.startsWith('..') || path.posix.isAbsolute(normalised) || normalised.includes('\0')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return normalised;
}

/** The local adapter: files under `root`, URLs under /uploads/. */
export function createLocalStorage(root: string): PhotoStorage {
  return {
    async put(key, bytes) {
      const file = path.join(root, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async remove(key) {
      await rm(path.join(root, safeKey(key)), { force: true });
    },
    async get(key) {
      try {
        return await readFile(path.join(root, safeKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    url: (key) => `${UPLOADS_PREFIX}${safeKey(key)}`,
    list: (prefix, startAfter) => listLocalFiles(root, safeKey(prefix), startAfter),
  };
}

/** Files under `root/prefix`, depth first in name order (key order for photo keys); one removed while listing is skipped. */
async function* listLocalFiles(root: string, prefix: string, startAfter: string | undefined): AsyncIterable<StoredObject> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const key = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) {
      // A folder wholly before the starting point is not entered.
      if (startAfter !== undefined && `${key}/` < startAfter && !startAfter.startsWith(`${key}/`)) continue;
      yield* listLocalFiles(root, key, startAfter);
    } else if (entry.isFile() && (startAfter === undefined || key > startAfter)) {
      const info = await stat(path.join(root, key)).catch(() => undefined);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}
