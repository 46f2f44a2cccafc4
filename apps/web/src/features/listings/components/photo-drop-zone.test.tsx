import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFile } from '../testing/make-listing';
import { PhotoDropZone, type QueuedPhoto } from './photo-drop-zone';

function Harness({ existingCount = 0 }: { existingCount?: number }) {
  const [queue, setQueue] = useState<QueuedPhoto[]>([]);
  return <PhotoDropZone queue={queue} onQueueChange={setQueue} existingCount={existingCount} />;
}

function drop(files: File[]) {
  fireEvent.drop(screen.getByRole('group', { name: 'Photo drop zone' }), { dataTransfer: { files, types: ['Files'] } });
}

const images = (count: number, start = 1) =>
  Array.from({ length: count }, (_, i) => makeFile(`photo-${String(start + i)}.png`, 'image/png'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('PhotoDropZone', () => {
  it('queues dropped images with previews and removes one from the queue', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    drop(images(2));

    const queue = within(screen.getByRole('list', { name: 'Photos to upload' }));
    expect(queue.getAllByRole('img')).toHaveLength(2);
    expect(queue.getByRole('img', { name: 'Preview of photo-1.png' })).toHaveAttribute('src', 'blob:preview');
    expect(screen.getByText(/2 of 5 used/)).toBeInTheDocument();

    await user.click(queue.getByRole('button', { name: 'Remove photo-1.png' }));
    expect(queue.queryByRole('img', { name: 'Preview of photo-1.png' })).not.toBeInTheDocument();
    expect(queue.getAllByRole('img')).toHaveLength(1);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });

  it("refuses non-image files with 'Please drop image files only'", () => {
    render(<Harness />);
    drop([makeFile('manual.pdf', 'application/pdf'), ...images(1)]);
    expect(screen.getByRole('alert')).toHaveTextContent('Please drop image files only');
    expect(screen.queryByRole('list', { name: 'Photos to upload' })).not.toBeInTheDocument();
  });

  it('refuses photos beyond 5 and says how many there are', () => {
    render(<Harness />);
    drop(images(4));
    drop(images(2, 5));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only have up to 5 photos (currently have 4)');
    expect(within(screen.getByRole('list', { name: 'Photos to upload' })).getAllByRole('img')).toHaveLength(4);
  });

  it('counts the photos a listing already has', () => {
    render(<Harness existingCount={4} />);
    drop(images(2));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only have up to 5 photos (currently have 4)');
  });

  it("takes images from the keyboard-accessible 'browse' file input", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('browse');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.tab();
    expect(input).toHaveFocus();

    await user.upload(input, images(3));
    expect(within(screen.getByRole('list', { name: 'Photos to upload' })).getAllByRole('img')).toHaveLength(3);

    await user.upload(input, images(3, 4));
    expect(screen.getByRole('alert')).toHaveTextContent('You can only have up to 5 photos (currently have 3)');
  });

  it("opens the file dialog of 'browse' with Enter too (Chromium's file input answers Space only)", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('browse');
    const showPicker = vi.fn();
    input.showPicker = showPicker;
    await user.tab();
    await user.keyboard('{Enter}');
    expect(showPicker).toHaveBeenCalledTimes(1);

    // Where showPicker is missing or refused, the classic click().
    input.showPicker = () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    };
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus in the photos when a queued photo is removed by keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    drop(images(3));
    const queue = within(screen.getByRole('list', { name: 'Photos to upload' }));

    queue.getByRole('button', { name: 'Remove photo-2.png' }).focus();
    await user.keyboard('{Enter}');
    // The next photo's button, then the last one's, then 'browse' when none is left.
    expect(queue.getByRole('button', { name: 'Remove photo-3.png' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(queue.getByRole('button', { name: 'Remove photo-1.png' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.queryByRole('list', { name: 'Photos to upload' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('browse')).toHaveFocus();
  });
});
