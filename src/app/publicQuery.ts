/** Marks a query whose answer is the same for everyone, so it may outlive the tab (docs/decisions.md, "Saved queries"). */
export const PUBLIC_QUERY = { persist: true } as const;

/** Where their last answers are saved: public, so kept at logout as the device's own settings are. */
export const PUBLIC_QUERIES_STORAGE_KEY = 'bx-public-queries';
