import { PRODUCT_NAME, THEME_COLOR } from '@baton/contracts';
import { create } from 'zustand';
import { persistFields, readChoice, readKey } from '../utils/storage';

export const LAYOUTS = ['left', 'top', 'mix'] as const;
export type LayoutMode = (typeof LAYOUTS)[number];
export const THEMES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEMES)[number];

export interface SettingsState {
  tagsView: boolean;
  sidebarLogo: boolean;
  fixedHeader: boolean;
  layout: LayoutMode;
  watermarkEnabled: boolean;
  watermarkContent: string;
  themeColor: string;
  theme: ThemeMode;
}

export const DEFAULT_SETTINGS: SettingsState = {
  tagsView: true,
  sidebarLogo: true,
  fixedHeader: true,
  layout: 'left',
  watermarkEnabled: false,
  watermarkContent: PRODUCT_NAME,
  themeColor: THEME_COLOR,
  theme: 'auto',
};

/** Fixed settings of spec §3 that the user does not change. */
export const showSettings = true;

interface SettingsActions {
  change: <K extends keyof SettingsState>(key: K, value: SettingsState[K]) => void;
  reset: () => void;
}

const isHexColor = (v: string) => /^#[0-9a-f]{6}$/i.test(v);

export const useSettingsStore = create<SettingsState & SettingsActions>()((set) => ({
  tagsView: readKey('tagsView', DEFAULT_SETTINGS.tagsView),
  sidebarLogo: readKey('sidebarLogo', DEFAULT_SETTINGS.sidebarLogo),
  fixedHeader: readKey('fixedHeader', DEFAULT_SETTINGS.fixedHeader),
  layout: readChoice('layout', LAYOUTS, DEFAULT_SETTINGS.layout),
  watermarkEnabled: readKey('watermarkEnabled', DEFAULT_SETTINGS.watermarkEnabled),
  watermarkContent: readKey('watermarkContent', DEFAULT_SETTINGS.watermarkContent),
  themeColor: ((c) => (isHexColor(c) ? c : THEME_COLOR))(readKey('themeColor', DEFAULT_SETTINGS.themeColor)),
  theme: readChoice('theme', THEMES, DEFAULT_SETTINGS.theme),
  change: (key, value) => set({ [key]: value } as Partial<SettingsState>),
  reset: () => set({ ...DEFAULT_SETTINGS }),
}));

persistFields(useSettingsStore.subscribe, [
  'tagsView',
  'sidebarLogo',
  'fixedHeader',
  'layout',
  'watermarkEnabled',
  'watermarkContent',
  'themeColor',
  'theme',
]);
