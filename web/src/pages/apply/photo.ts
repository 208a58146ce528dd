/**
 * Passport photos in the browser: a 3:4 crop of the chosen picture (zoom and position), drawn on
 * a canvas, scaled down to at most 600 × 800 and encoded as JPEG under PHOTO_MAX_BYTES.
 */
import { PHOTO_MAX_BYTES } from '@baton/contracts';

/** Width : height of a passport photo. */
export const PHOTO_RATIO = 3 / 4;
export const PHOTO_MAX_WIDTH = 600;
export const PHOTO_MAX_HEIGHT = 800;
export const MAX_ZOOM = 4;

export interface CropView {
  /** 1 = the largest 3:4 rectangle the picture holds; larger zooms in. */
  zoom: number;
  /** The centre of the crop, in picture pixels. */
  cx: number;
  cy: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The view a picture opens with: no zoom, centred. */
export const initialView = (width: number, height: number): CropView => ({ zoom: 1, cx: width / 2, cy: height / 2 });

/** The picture area a view shows: 3:4, inside the picture, the centre moved in when needed. */
export function cropRect(imageWidth: number, imageHeight: number, view: CropView): Rect {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
  const fullWidth = Math.min(imageWidth, imageHeight * PHOTO_RATIO);
  const width = fullWidth / zoom;
  const height = width / PHOTO_RATIO;
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const x = clamp(view.cx - width / 2, 0, imageWidth - width);
  const y = clamp(view.cy - height / 2, 0, imageHeight - height);
  return { x, y, width, height };
}

/** The view after dragging the preview by (dx, dy) screen pixels, the preview being `previewWidth` wide. */
export function dragView(
  imageWidth: number,
  imageHeight: number,
  view: CropView,
  dx: number,
  dy: number,
  previewWidth: number,
): CropView {
  const rect = cropRect(imageWidth, imageHeight, view);
  const scale = rect.width / previewWidth;
  // Start from the clamped centre, so a drag past the edge does not have to be undone first.
  const next = { ...view, cx: rect.x + rect.width / 2 - dx * scale, cy: rect.y + rect.height / 2 - dy * scale };
  const clamped = cropRect(imageWidth, imageHeight, next);
  return { ...next, cx: clamped.x + clamped.width / 2, cy: clamped.y + clamped.height / 2 };
}

/** The encoded size: the crop itself when it is small, else scaled down to 600 × 800. */
export function outputSize(crop: Pick<Rect, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, PHOTO_MAX_WIDTH / crop.width, PHOTO_MAX_HEIGHT / crop.height);
  const width = Math.max(1, Math.round(crop.width * scale));
  return { width, height: Math.round(width / PHOTO_RATIO) };
}

/** Draws the crop of a picture on a canvas of the given size (also used for the live preview). */
export function drawCrop(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource,
  crop: Rect,
  width: number,
  height: number,
) {
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

export class PhotoTooLargeError extends Error {
  constructor(readonly size: number) {
    super(`photo of ${size} bytes is over ${PHOTO_MAX_BYTES}`);
  }
}

/**
 * The cropped photo as a JPEG of at most 600 × 800, its quality lowered step by step until it
 * fits PHOTO_MAX_BYTES (`maxBytes` for tests); PhotoTooLargeError when even the lowest does not.
 */
export async function cropToJpeg(
  image: CanvasImageSource,
  imageWidth: number,
  imageHeight: number,
  view: CropView,
  maxBytes = PHOTO_MAX_BYTES,
): Promise<Blob> {
  const crop = cropRect(imageWidth, imageHeight, view);
  const size = outputSize(crop);
  const canvas = document.createElement('canvas');
  drawCrop(canvas, image, crop, size.width, size.height);
  let smallest = Number.POSITIVE_INFINITY;
  for (const quality of [0.9, 0.8, 0.7, 0.6, 0.5]) {
    const blob = await toBlob(canvas, quality);
    if (!blob) throw new Error('the browser could not encode the photo');
    if (blob.size <= maxBytes) return blob;
    smallest = Math.min(smallest, blob.size);
  }
  throw new PhotoTooLargeError(smallest);
}

/** Opens a picture file (EXIF orientation applied by the browser); rejects what is not an image. */
export function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}
