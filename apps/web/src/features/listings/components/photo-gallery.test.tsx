import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PhotoGallery } from './photo-gallery';

const photos = ['/uploads/p1.webp', '/uploads/p2.webp', '/uploads/p3.webp'];
const thumbnails = ['/uploads/t1.webp', '/uploads/t2.webp', '/uploads/t3.webp'];

function renderGallery() {
  const user = userEvent.setup();
  render(<PhotoGallery title="Zeiss Microscope" photos={photos} thumbnails={thumbnails} />);
  return { user };
}

function viewerImage() {
  return within(screen.getByRole('dialog')).getByRole('img');
}

describe('PhotoGallery', () => {
  it('shows the first photo eagerly and the others as lazy thumbnails, with alt texts and sizes', () => {
    renderGallery();
    const first = screen.getByRole('img', { name: 'Zeiss Microscope — photo 1 of 3' });
    expect(first).toHaveAttribute('src', '/uploads/p1.webp');
    expect(first).not.toHaveAttribute('loading');
    expect(first).toHaveAttribute('width');
    const second = screen.getByRole('img', { name: 'Zeiss Microscope — photo 2 of 3' });
    expect(second).toHaveAttribute('src', '/uploads/t2.webp');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).toHaveAttribute('height');
  });

  it('says so when there are no photos', () => {
    render(<PhotoGallery title="Zeiss Microscope" photos={[]} thumbnails={[]} />);
    expect(screen.getByText('No photos yet')).toBeInTheDocument();
  });
});

describe('Lightbox (spec §2)', () => {
  it('opens on click as a modal dialog with the full photo', async () => {
    const { user } = renderGallery();
    await user.click(screen.getByRole('button', { name: /Open photo 2 of 3/ }));

    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p2.webp');
    expect(viewerImage()).toHaveAccessibleName('Zeiss Microscope — photo 2 of 3');
    expect(within(dialog).getByText('Photo 2 of 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close photo viewer' })).toHaveFocus();
  });

  it('opens with Enter, moves with the arrow keys (wrapping), closes with Escape and gives focus back', async () => {
    const { user } = renderGallery();
    const opener = screen.getByRole('button', { name: /Open photo 1 of 3/ });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p1.webp');

    await user.keyboard('{ArrowRight}');
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p2.webp');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p1.webp');
    await user.keyboard('{ArrowLeft}');
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p3.webp');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus inside while open', async () => {
    const { user } = renderGallery();
    await user.click(screen.getByRole('button', { name: /Open photo 3 of 3/ }));
    const dialog = screen.getByRole('dialog');

    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 5; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('moves with the Previous and Next buttons and closes with the Close button', async () => {
    const { user } = renderGallery();
    const opener = screen.getByRole('button', { name: /Open photo 2 of 3/ });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p3.webp');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(viewerImage()).toHaveAttribute('src', '/uploads/p1.webp');

    await user.click(screen.getByRole('button', { name: 'Close photo viewer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
