import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../app/i18n';
import { useMobile } from '../../../hooks/useMobile';

/** A code read again within this time is the same bib still in front of the camera. */
const SAME_CODE_MS = 3000;
/** Frames are read this often (a phone decodes a 640-px frame in a few milliseconds). */
const EVERY_MS = 150;
/** Frames are scaled down to this width before decoding. */
const WIDTH = 640;

type Phase = { kind: 'starting' } | { kind: 'running' } | { kind: 'failed'; reason: string } | { kind: 'unsupported' };

/**
 * The camera as a bib reader: the device's back camera (getUserMedia), a frame drawn to a
 * canvas every EVERY_MS and decoded by jsQR; each code read (once while it stays in view) goes
 * to `onCode`. The camera stops when the dialog closes. `last` is shown under the picture.
 */
export function Scanner({
  open,
  hint,
  onClose,
  onCode,
  last,
}: {
  open: boolean;
  /** What a code read does (marks the athlete in this heat, or in this round). */
  hint: string;
  onClose: () => void;
  onCode: (code: string) => void;
  last: string | null;
}) {
  const { t } = useTranslation();
  const mobile = useMobile();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const seen = new Map<string, number>();
    setPhase({ kind: 'starting' });
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setPhase({ kind: 'unsupported' });
        return;
      }
      const [{ default: jsQR }, media] = await Promise.all([
        import('jsqr'),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
      ]);
      stream = media;
      if (stopped || !video.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      const v = video.current;
      v.srcObject = media;
      await v.play().catch(() => undefined);
      setPhase({ kind: 'running' });
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      timer = setInterval(() => {
        if (!ctx || v.readyState < 2 || !v.videoWidth) return;
        const scale = Math.min(1, WIDTH / v.videoWidth);
        const w = Math.round(v.videoWidth * scale);
        const h = Math.round(v.videoHeight * scale);
        if (canvas.width !== w) canvas.width = w;
        if (canvas.height !== h) canvas.height = h;
        ctx.drawImage(v, 0, 0, w, h);
        const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
        const code = found?.data.trim();
        if (!code) return;
        const now = Date.now();
        if (now - (seen.get(code) ?? 0) < SAME_CODE_MS) {
          seen.set(code, now);
          return;
        }
        seen.set(code, now);
        handler.current(code);
      }, EVERY_MS);
    };
    start().catch((e: unknown) => {
      if (!stopped) setPhase({ kind: 'failed', reason: e instanceof Error ? e.name || e.message : String(e) });
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return (
    <Modal
      open={open}
      title={t('callroom.scanner.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" size="large" block={mobile} onClick={onClose} data-testid="scanner-close">
          {t('callroom.scanner.close')}
        </Button>
      }
      width={mobile ? '100%' : 560}
      style={mobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {phase.kind === 'unsupported' && <Alert type="warning" showIcon title={t('callroom.scanner.unsupported')} />}
      {phase.kind === 'failed' && (
        <Alert type="error" showIcon title={t('callroom.scanner.denied', { reason: phase.reason })} />
      )}
      <div className="callroom-video" data-testid="scanner">
        <video ref={video} muted playsInline data-testid="scanner-video" />
        {phase.kind === 'starting' && <span className="callroom-video-note">{t('callroom.scanner.starting')}</span>}
        <span className="callroom-video-frame" aria-hidden />
      </div>
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="scanner-last">
        {last ? `${t('callroom.scanner.last')}: ${last}` : '\u00a0'}
      </Typography.Paragraph>
    </Modal>
  );
}
