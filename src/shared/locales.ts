/**
 * The locales a restaurant may choose (settings): well-known BCP 47 tags with
 * the name a person recognises. A list rather than free text, because any 5-to-8-letter word is a
 * well-formed tag ("german" is one) and Intl then silently formats money and dates as something else.
 * Zod-free, so the public page could use it without loading zod.
 */
export const SUPPORTED_LOCALES = [
  { code: 'ar-AE', name: 'Arabic (United Arab Emirates)' },
  { code: 'ar-SA', name: 'Arabic (Saudi Arabia)' },
  { code: 'cs-CZ', name: 'Czech (Czechia)' },
  { code: 'da-DK', name: 'Danish (Denmark)' },
  { code: 'de-AT', name: 'German (Austria)' },
  { code: 'de-CH', name: 'German (Switzerland)' },
  { code: 'de-DE', name: 'German (Germany)' },
  { code: 'el-GR', name: 'Greek (Greece)' },
  { code: 'en-AU', name: 'English (Australia)' },
  { code: 'en-CA', name: 'English (Canada)' },
  { code: 'en-GB', name: 'English (United Kingdom)' },
  { code: 'en-IE', name: 'English (Ireland)' },
  { code: 'en-IN', name: 'English (India)' },
  { code: 'en-NZ', name: 'English (New Zealand)' },
  { code: 'en-SG', name: 'English (Singapore)' },
  { code: 'en-US', name: 'English (United States)' },
  { code: 'en-ZA', name: 'English (South Africa)' },
  { code: 'es-AR', name: 'Spanish (Argentina)' },
  { code: 'es-ES', name: 'Spanish (Spain)' },
  { code: 'es-MX', name: 'Spanish (Mexico)' },
  { code: 'es-US', name: 'Spanish (United States)' },
  { code: 'fi-FI', name: 'Finnish (Finland)' },
  { code: 'fr-BE', name: 'French (Belgium)' },
  { code: 'fr-CA', name: 'French (Canada)' },
  { code: 'fr-CH', name: 'French (Switzerland)' },
  { code: 'fr-FR', name: 'French (France)' },
  { code: 'he-IL', name: 'Hebrew (Israel)' },
  { code: 'hi-IN', name: 'Hindi (India)' },
  { code: 'hu-HU', name: 'Hungarian (Hungary)' },
  { code: 'id-ID', name: 'Indonesian (Indonesia)' },
  { code: 'it-CH', name: 'Italian (Switzerland)' },
  { code: 'it-IT', name: 'Italian (Italy)' },
  { code: 'ja-JP', name: 'Japanese (Japan)' },
  { code: 'ko-KR', name: 'Korean (South Korea)' },
  { code: 'ms-MY', name: 'Malay (Malaysia)' },
  { code: 'nb-NO', name: 'Norwegian Bokmål (Norway)' },
  { code: 'nl-BE', name: 'Dutch (Belgium)' },
  { code: 'nl-NL', name: 'Dutch (Netherlands)' },
  { code: 'pl-PL', name: 'Polish (Poland)' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
  { code: 'pt-PT', name: 'Portuguese (Portugal)' },
  { code: 'ro-RO', name: 'Romanian (Romania)' },
  { code: 'ru-RU', name: 'Russian (Russia)' },
  { code: 'sv-SE', name: 'Swedish (Sweden)' },
  { code: 'th-TH', name: 'Thai (Thailand)' },
  { code: 'tr-TR', name: 'Turkish (Türkiye)' },
  { code: 'uk-UA', name: 'Ukrainian (Ukraine)' },
  { code: 'vi-VN', name: 'Vietnamese (Vietnam)' },
  { code: 'zh-CN', name: 'Chinese (China)' },
  { code: 'zh-HK', name: 'Chinese (Hong Kong)' },
  { code: 'zh-TW', name: 'Chinese (Taiwan)' },
] as const satisfies readonly { code: string; name: string }[];

export type LocaleCode = (typeof SUPPORTED_LOCALES)[number]['code'];

export const LOCALE_CODES = SUPPORTED_LOCALES.map((locale) => locale.code) as [LocaleCode, ...LocaleCode[]];

const LOCALE_NAMES: ReadonlyMap<string, string> = new Map(
  SUPPORTED_LOCALES.map((locale) => [locale.code, locale.name]),
);

export function isSupportedLocale(value: string): value is LocaleCode {
  return LOCALE_NAMES.has(value);
}

/** "English (United States)" for `en-US`; the tag itself for anything not on the list. */
export function localeName(code: string): string {
  return LOCALE_NAMES.get(code) ?? code;
}
