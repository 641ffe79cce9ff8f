import { APP_BANNER_DISMISSED_KEY } from '../../features/shell/appBanner';
import { PUBLIC_QUERIES_STORAGE_KEY } from '../publicQuery';

/** Device settings that belong to nobody in particular and survive a logout. Anything else is the customer's. */
const DEVICE_STORAGE_KEYS = new Set<string>([APP_BANNER_DISMISSED_KEY, 'clickKey', PUBLIC_QUERIES_STORAGE_KEY]);

/** Caches the service worker keeps for everyone: the app itself and the public legal documents. */
const isSharedCache = (name: string) => name.startsWith('workbox-precache') || name === 'content';

export interface StorageAreas {
  local?: Storage;
  session?: Storage;
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
}

/** At logout nothing of the customer stays behind in web storage or Cache Storage; the legal documents do. */
export async function clearUserStorage(areas: StorageAreas): Promise<void> {
  for (const storage of [areas.local, areas.session]) {
    if (!storage) continue;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null,
    );
    for (const key of keys) if (!DEVICE_STORAGE_KEYS.has(key)) storage.removeItem(key);
  }
  if (areas.caches) {
    const names = await areas.caches.keys();
    await Promise.all(names.filter((name) => !isSharedCache(name)).map((name) => areas.caches!.delete(name)));
  }
}
