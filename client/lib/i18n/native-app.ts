/**
 * The native mobile app (spec 000 §1) embeds this client in a WebView whose user agent carries
 * the token `TelesuiviApp/<version>`. It listens for messages posted on the React Native
 * WebView bridge (`window.ReactNativeWebView.postMessage`), and receives the language as
 * `{"type":"setLanguage","language":"fr"}`.
 */
import type { Language } from '../languages.ts';

export const NATIVE_APP_USER_AGENT = /\bTelesuiviApp\/[\w.-]+/i;

export const isNativeApp = (userAgent: string): boolean => NATIVE_APP_USER_AGENT.test(userAgent);

interface NativeBridge { postMessage(message: string): void }
type NativeWindow = { ReactNativeWebView?: NativeBridge };

export function setLanguageMessage(language: Language): string {
  return JSON.stringify({ type: 'setLanguage', language });
}

/** Tells the native app the language; a no-op in a plain browser. Returns whether it was sent. */
export function notifyNativeApp(language: Language, win: Window = window, userAgent = navigator.userAgent): boolean {
  const bridge = (win as unknown as NativeWindow).ReactNativeWebView;
  if (!isNativeApp(userAgent) || !bridge) return false;
  bridge.postMessage(setLanguageMessage(language));
  return true;
}
