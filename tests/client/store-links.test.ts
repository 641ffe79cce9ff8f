import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module reads the build's settings once, when evaluated: each test evaluates it afresh under its own.
beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllEnvs());

describe('app-store links', () => {
  it('come from the build configuration when set', async () => {
    vi.stubEnv('VITE_ANDROID_STORE_URL', 'https://play.google.com/store/apps/details?id=uk.operator.real');
    vi.stubEnv('VITE_IOS_STORE_URL', 'https://apps.apple.com/gb/app/real/id1234567890');
    const { storeUrlFor } = await import('../../src/lib/device');
    expect(storeUrlFor('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(
      'https://play.google.com/store/apps/details?id=uk.operator.real',
    );
    expect(storeUrlFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(
      'https://apps.apple.com/gb/app/real/id1234567890',
    );
  });

  it('fall back to placeholders that name no real app', async () => {
    vi.stubEnv('VITE_ANDROID_STORE_URL', '');
    vi.stubEnv('VITE_IOS_STORE_URL', '');
    const { IOS_STORE_URL, ANDROID_STORE_URL } = await import('../../src/lib/device');
    expect(IOS_STORE_URL).toMatch(/id0{10}$/);
    expect(ANDROID_STORE_URL).toMatch(/^https:\/\/play\.google\.com\//);
  });
});
