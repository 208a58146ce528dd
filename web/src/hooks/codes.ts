import { VERIFY_CODE } from '@baton/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha } from '../api/auth';

/** Seconds left before another code may be asked for; `start(s)` begins a countdown. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const start = useCallback((seconds: number = VERIFY_CODE.resendS) => {
    clearInterval(timer.current);
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) clearInterval(timer.current);
        return Math.max(0, s - 1);
      });
    }, 1000);
  }, []);
  return { left, start, running: left > 0 };
}

export interface Captcha {
  key: string;
  image: string;
}

/** A captcha for the public code requests: the image (click for another) and its answer. */
export function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const res = await getCaptcha();
      if (mine === seq.current) setCaptcha({ key: res.captchaKey, image: res.captchaBase64 });
    } catch {
      if (mine === seq.current) setCaptcha(null);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { captcha, loading, refresh };
}
