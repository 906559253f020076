import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n/change-language.ts';
import { LANGUAGES, type Language } from '../../lib/languages.ts';
import { notify } from '../../lib/notify.ts';

/** The language choice of the profile menu: switches now, saves it on the account. */
export function LanguageMenuItems({ saveOnAccount }: { saveOnAccount: boolean }) {
  const { t, i18n } = useTranslation();
  const choose = (language: Language) => {
    changeLanguage(language, { saveOnAccount }).catch(() => {
      void notify({ color: 'negative', message: t('language.saveFailed') });
    });
  };
  return (
    <>
      <Menu.Label>{t('menu.language')}</Menu.Label>
      {LANGUAGES.map((language) => (
        <Menu.Item
          key={language} lang={language} onClick={() => choose(language)}
          aria-current={i18n.language === language ? 'true' : undefined} fw={i18n.language === language ? 700 : undefined}
        >
          {t(`languages.${language}`)}
        </Menu.Item>
      ))}
    </>
  );
}
