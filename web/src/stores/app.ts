import { LANGS, type Lang, MOBILE_BREAKPOINT_PX, PRODUCT_NAME } from '@baton/contracts';
import { create } from 'zustand';
import { persistFields, readChoice, readKey, writeKey } from '../utils/storage';

export const SIZES = ['default', 'large', 'small'] as const;
export type SizeMode = (typeof SIZES)[number];
export type Device = 'desktop' | 'mobile';

export interface AppState {
  device: Device;
  size: SizeMode;
  language: Lang;
  sidebarStatus: 'opened' | 'closed';
  activeTopMenuPath: string;
  screenWidth: number;
  screenHeight: number;
  /** Site title, the suffix of every document title. */
  title: string;
}

interface AppActions {
  toggleSidebar: () => void;
  openSidebar: () => void;
  closeSidebar: () => void;
  setSize: (size: SizeMode) => void;
  /** The user's pick: remembered from now on, whatever the browser prefers. */
  setLanguage: (language: Lang) => void;
  setActiveTopMenuPath: (path: string) => void;
  /** Called on resize: records the screen and derives the device (mobile below 992 px). */
  setScreen: (width: number, height: number) => void;
}

/**
 * The language of a visitor who has not picked one: the first of the browser's preferred
 * languages that the interface has (`zh…` → Chinese, `en…` → English), else Chinese.
 */
export function browserLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-cn';
    if (primary === 'en') return 'en';
  }
  return 'zh-cn';
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export const deviceFor = (width: number): Device => (width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop');

const width = typeof window === 'undefined' ? 1440 : window.innerWidth;
const height = typeof window === 'undefined' ? 900 : window.innerHeight;
const device = deviceFor(width);

export const useAppStore = create<AppState & AppActions>()((set) => ({
  device,
  size: readChoice('size', SIZES, 'default'),
  // Until the user picks one (stored under `language`), the browser's preference.
  language: readChoice('language', LANGS, browserLanguage(navigatorLanguages())),
  // A phone always starts with the menu folded away; a desktop remembers the last choice.
  sidebarStatus: device === 'mobile' ? 'closed' : readChoice('sidebarStatus', ['opened', 'closed'] as const, 'opened'),
  activeTopMenuPath: readKey('activeTopMenuPath', ''),
  screenWidth: width,
  screenHeight: height,
  title: readKey('title', PRODUCT_NAME),
  toggleSidebar: () => set((s) => ({ sidebarStatus: s.sidebarStatus === 'opened' ? 'closed' : 'opened' })),
  openSidebar: () => set({ sidebarStatus: 'opened' }),
  closeSidebar: () => set({ sidebarStatus: 'closed' }),
  setSize: (size) => set({ size }),
  setLanguage: (language) => {
    writeKey('language', language);
    set({ language });
  },
  setActiveTopMenuPath: (activeTopMenuPath) => set({ activeTopMenuPath }),
  setScreen: (w, h) =>
    set((s) => {
      const next = deviceFor(w);
      const becameMobile = next === 'mobile' && s.device !== 'mobile';
      return {
        screenWidth: w,
        screenHeight: h,
        device: next,
        sidebarStatus: becameMobile ? 'closed' : s.sidebarStatus,
      };
    }),
}));

persistFields(useAppStore.subscribe, [
  'device',
  'size',
  'sidebarStatus',
  'activeTopMenuPath',
  'screenWidth',
  'screenHeight',
  'title',
]);
