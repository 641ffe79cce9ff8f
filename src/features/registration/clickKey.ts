/** The affiliate's click key, kept on the device from the landing visit until registration succeeds. */
const CLICK_KEY_STORAGE_KEY = 'clickKey';
/** Affiliate links carry it as ?clickKey= (or ?affiliate=). */
const PARAMETERS = ['clickKey', 'affiliate'];
const MAX_LENGTH = 200;

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function captureClickKey(search: string, storage: KeyStorage): void {
  const params = new URLSearchParams(search);
  const value = PARAMETERS.map((name) => params.get(name)?.trim()).find(Boolean);
  if (value) storage.setItem(CLICK_KEY_STORAGE_KEY, value.slice(0, MAX_LENGTH));
}

export const readClickKey = (storage: KeyStorage) => storage.getItem(CLICK_KEY_STORAGE_KEY) || undefined;
export const forgetClickKey = (storage: KeyStorage) => storage.removeItem(CLICK_KEY_STORAGE_KEY);
