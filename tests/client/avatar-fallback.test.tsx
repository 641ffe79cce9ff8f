import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StoreProvider } from '../../src/stores/context';
import { AvatarUpload } from '../../src/features/account/AvatarUpload';
import { createTestRoot } from './support/fakes';

afterEach(cleanup);

function renderAvatar(avatarUrl: string | null) {
  const { root } = createTestRoot();
  return render(
    <StoreProvider store={root}>
      <QueryClientProvider client={root.queryClient}>
        <AvatarUpload avatarUrl={avatarUrl} name="pat" />
      </QueryClientProvider>
    </StoreProvider>,
  );
}

describe('avatar', () => {
  it('shows the picture, and the initial instead of a broken image when it fails to load', () => {
    renderAvatar('/avatars/gone.png');
    const picture = screen.getByRole('img', { name: 'Your picture' });
    expect(screen.queryByTestId('avatar-initial')).toBeNull();
    fireEvent.error(picture);
    expect(screen.queryByRole('img', { name: 'Your picture' })).toBeNull();
    expect(screen.getByTestId('avatar-initial').textContent).toBe('P');
  });

  it('a new picture after a broken one is tried again', () => {
    const view = renderAvatar('/avatars/gone.png');
    fireEvent.error(screen.getByRole('img', { name: 'Your picture' }));
    const { root } = createTestRoot();
    view.rerender(
      <StoreProvider store={root}>
        <QueryClientProvider client={root.queryClient}>
          <AvatarUpload avatarUrl="/avatars/new.png" name="pat" />
        </QueryClientProvider>
      </StoreProvider>,
    );
    expect(screen.getByRole('img', { name: 'Your picture' }).getAttribute('src')).toBe('/avatars/new.png');
  });

  it('a picture over 2 MB is refused before upload, naming the limit and the kinds', async () => {
    renderAvatar(null);
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Picture file'), { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Upload failed. That picture is larger than 2 MB. Pictures must be PNG, JPEG or WebP, up to 2 MB.',
    );
  });
});
