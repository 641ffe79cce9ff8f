/** Marks a query whose answer is the same for everyone, so it may outlive the tab (docs/decisions.md, "Saved queries"). */
export const PUBLIC_QUERY = { persist: true } as const;
