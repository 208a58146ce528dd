import { PHOTO_MAX_BYTES } from '@baton/contracts';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import '../../app/i18n';
import { PhotoCropper } from './PhotoCropper';
import {
  cropRect,
  cropToJpeg,
  dragView,
  initialView,
  loadImage,
  PHOTO_MAX_HEIGHT,
  PHOTO_MAX_WIDTH,
  PhotoTooLargeError,
} from './photo';

/** A landscape test picture: left half red, right half blue. */
function picture(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = width;
  c.height = height;
  const g = c.getContext('2d')!;
  g.fillStyle = '#ff0000';
  g.fillRect(0, 0, width / 2, height);
  g.fillStyle = '#0000ff';
  g.fillRect(width / 2, 0, width / 2, height);
  return c;
}

const pngOf = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));

/** Decodes a photo and reads its size and the colour of one pixel. */
async function inspect(blob: Blob, x = 0.5, y = 0.5) {
  const bitmap = await createImageBitmap(blob);
  const c = document.createElement('canvas');
  c.width = bitmap.width;
  c.height = bitmap.height;
  const g = c.getContext('2d')!;
  g.drawImage(bitmap, 0, 0);
  const [r, gr, b] = g.getImageData(Math.floor(bitmap.width * x), Math.floor(bitmap.height * y), 1, 1).data;
  return { width: bitmap.width, height: bitmap.height, rgb: [r!, gr!, b!] };
}

describe('passport photo crop', () => {
  it('makes a 3:4 JPEG of at most 600 × 800 from a large landscape picture', async () => {
    const src = picture(2400, 1800);
    const blob = await cropToJpeg(src, 2400, 1800, initialView(2400, 1800));
    expect(blob.type).toBe('image/jpeg');
    expect(blob.size).toBeLessThanOrEqual(PHOTO_MAX_BYTES);
    const out = await inspect(blob);
    expect(out.width).toBe(PHOTO_MAX_WIDTH);
    expect(out.height).toBe(PHOTO_MAX_HEIGHT);
    expect(out.width / out.height).toBe(3 / 4);
  });

  it('keeps a small picture at its own size (no upscaling), still 3:4', async () => {
    const blob = await cropToJpeg(picture(300, 300), 300, 300, initialView(300, 300));
    const out = await inspect(blob);
    expect([out.width, out.height]).toEqual([225, 300]);
  });

  it('shows what the view frames: zoomed in and dragged to the right edge, the photo is blue', async () => {
    const src = picture(1200, 900);
    let view = { ...initialView(1200, 900), zoom: 4 };
    view = dragView(1200, 900, view, -5000, 0, 240);
    const rect = cropRect(1200, 900, view);
    expect(rect.x + rect.width).toBeCloseTo(1200);
    const out = await inspect(await cropToJpeg(src, 1200, 900, view));
    expect(out.rgb[2]).toBeGreaterThan(200);
    expect(out.rgb[0]).toBeLessThan(60);
    // Dragged to the left edge instead: red.
    const left = dragView(1200, 900, view, 5000, 0, 240);
    const red = await inspect(await cropToJpeg(src, 1200, 900, left));
    expect(red.rgb[0]).toBeGreaterThan(200);
    expect(red.rgb[2]).toBeLessThan(60);
  });

  it('refuses a photo that cannot be made small enough', async () => {
    await expect(cropToJpeg(picture(1200, 900), 1200, 900, initialView(1200, 900), 50)).rejects.toBeInstanceOf(
      PhotoTooLargeError,
    );
  });

  it('rejects a file that is not a picture', async () => {
    await expect(loadImage(new Blob(['%PDF-1.4 not an image'], { type: 'application/pdf' }))).rejects.toThrow();
  });

  it('the cropper dialog hands over a 3:4 JPEG of the chosen picture', async () => {
    const onDone = vi.fn(async (_: Blob) => undefined);
    const file = new File([await pngOf(picture(1600, 1200))], 'me.png', { type: 'image/png' });
    const screen = await render(
      <App>
        <PhotoCropper file={file} onCancel={() => undefined} onDone={onDone} />
      </App>,
    );
    const ok = screen.getByTestId('modal-ok');
    await expect.poll(() => (ok.element() as HTMLButtonElement).disabled).toBe(false);
    await ok.click();
    await expect.poll(() => onDone.mock.calls.length).toBe(1);
    const photo = onDone.mock.calls[0]![0];
    expect(photo.type).toBe('image/jpeg');
    const out = await inspect(photo);
    expect(out.width * 4).toBe(out.height * 3);
    expect(out.width).toBeLessThanOrEqual(PHOTO_MAX_WIDTH);
  });
});
