/** The sizes of the app's icons (the manifest's, the notifications'), served at `/icons/<size>.png`. */
export const APP_ICON_SIZES = [192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];
export const appIconPath = (size: AppIconSize) => `/icons/${size}.png`;
