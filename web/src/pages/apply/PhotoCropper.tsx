import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { PHOTO_MAX_BYTES } from '@baton/contracts';
import { App, Flex, Slider, Spin, Typography } from 'antd';
import { type PointerEvent, useEffect, useRef, useState, type WheelEvent } from 'react';
import { formatBytes } from '../../api/files';
import { useTranslation } from '../../app/i18n';
import { ApplyModal } from './ApplyModal';
import {
  type CropView,
  cropRect,
  cropToJpeg,
  dragView,
  drawCrop,
  initialView,
  loadImage,
  MAX_ZOOM,
  PHOTO_RATIO,
  PhotoTooLargeError,
} from './photo';

interface PhotoCropperProps {
  /** The picture to crop; the dialog is open while it is set. */
  file: Blob | null;
  onCancel: () => void;
  /** The 3:4 JPEG (≤ 600 × 800, ≤ PHOTO_MAX_BYTES). Rejecting keeps the dialog open. */
  onDone: (photo: Blob) => Promise<unknown>;
}

const PREVIEW_WIDTH = 240;

/**
 * Crops a picture to a passport photo: drag to move, the slider (or the wheel) to zoom; what the
 * frame shows is what is saved.
 */
export function PhotoCropper({ file, onCancel, onDone }: PhotoCropperProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<CropView | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setImage(null);
    setView(null);
    if (!file) return;
    let live = true;
    loadImage(file)
      .then((img) => {
        if (!live) return;
        setImage(img);
        setView(initialView(img.naturalWidth, img.naturalHeight));
      })
      .catch(() => {
        if (!live) return;
        message.error(t('apply.photo.notImage'));
        onCancel();
      });
    return () => {
      live = false;
    };
  }, [file, message, t, onCancel]);

  useEffect(() => {
    if (!image || !view || !canvas.current) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(PREVIEW_WIDTH * ratio);
    drawCrop(
      canvas.current,
      image,
      cropRect(image.naturalWidth, image.naturalHeight, view),
      width,
      Math.round(width / PHOTO_RATIO),
    );
  }, [image, view]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !image || !view) return;
    const dx = e.clientX - drag.current.x;
    const dy = e.clientY - drag.current.y;
    drag.current = { x: e.clientX, y: e.clientY };
    setView(dragView(image.naturalWidth, image.naturalHeight, view, dx, dy, PREVIEW_WIDTH));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const zoomTo = (zoom: number) => setView((v) => (v ? { ...v, zoom: Math.min(MAX_ZOOM, Math.max(1, zoom)) } : v));
  const onWheel = (e: WheelEvent<HTMLCanvasElement>) => {
    if (view) zoomTo(view.zoom * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
  };

  const save = async () => {
    if (!image || !view) return;
    setSaving(true);
    try {
      const photo = await cropToJpeg(image, image.naturalWidth, image.naturalHeight, view);
      await onDone(photo);
    } catch (error) {
      if (error instanceof PhotoTooLargeError)
        message.error(t('apply.photo.tooBig', { limit: formatBytes(PHOTO_MAX_BYTES) }));
      // Upload failures were shown by the request layer.
    } finally {
      setSaving(false);
    }
  };

  return (
    <ApplyModal
      open={Boolean(file)}
      title={t('apply.photo.cropTitle')}
      onClose={onCancel}
      onOk={save}
      okText={t('apply.photo.use')}
      okDisabled={!image}
      saving={saving}
      width={420}
      keepMounted={false}
      data-testid="photo-cropper"
    >
      <Flex vertical align="center" gap={12}>
        <Typography.Text type="secondary">{t('apply.photo.cropHint')}</Typography.Text>
        <Spin spinning={!image}>
          <canvas
            ref={canvas}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onWheel={onWheel}
            aria-label={t('apply.photo.cropTitle')}
            data-testid="photo-crop-canvas"
            style={{
              width: PREVIEW_WIDTH,
              height: PREVIEW_WIDTH / PHOTO_RATIO,
              touchAction: 'none',
              cursor: 'grab',
              borderRadius: 4,
              outline: '2px dashed var(--baton-primary, #1677ff)',
              outlineOffset: 2,
              background: '#fff',
            }}
          />
        </Spin>
        <Flex align="center" gap={8} style={{ width: '100%', maxWidth: 300 }}>
          <ZoomOutOutlined />
          <Slider
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={view?.zoom ?? 1}
            onChange={zoomTo}
            tooltip={{ open: false }}
            style={{ flex: 1 }}
            aria-label={t('apply.photo.zoom')}
            data-testid="photo-zoom"
          />
          <ZoomInOutlined />
        </Flex>
      </Flex>
    </ApplyModal>
  );
}
