import { useAppStore } from '../stores/app';

/** True on the phone layout (the app store's device, set from the viewport). */
export const useMobile = () => useAppStore((s) => s.device === 'mobile');
