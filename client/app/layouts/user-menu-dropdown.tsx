/**
 * The user's menu (spec 000 §2 profile area). In the patient area it has every profile entry;
 * elsewhere the entries that apply to any user. Entries whose screen a later issue builds open
 * a 'not available yet' notice. The notifications manager is for patients and professionals
 * (administrators receive none); its dialog loads when opened.
 */
import { Button, Menu } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AboutModal } from '../../features/about/about-modal.tsx';
import { DisplayModeMenuItems } from '../../features/display-mode/display-mode-menu-items.tsx';
import { LanguageMenuItems } from '../../features/language/language-menu-items.tsx';
import { NotAvailableModal } from '../../lib/ui/placeholder/not-available-modal.tsx';
import { TimeZoneModal } from '../../features/time-zone/time-zone-modal.tsx';
import { paths } from '../../lib/paths.ts';
import { useCanOpen } from '../../lib/route-access.ts';
import { redirectToLogout } from '../../lib/session/branding-param.ts';
import { useSessionData } from '../../lib/session/use-session.ts';
import { NAME_MAX_WIDTH, NAME_STYLES, NAME_TEXT_STYLE } from './user-menu-styles.ts';
import { TruncatedText } from '../../lib/ui/truncated-text.tsx';

export interface PatientMenuContext { index: number }

const PATIENT_NOT_BUILT = ['menu.myInformation', 'menu.myCaregivers'];
/** Bring the forms stack and the manager's table: loaded when the user asks for them. */
const ChangePasswordDialog = lazy(() => import('../../features/change-password/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })));
const NotificationsManagerModal = lazy(() => import('../../features/notifications/manager/notifications-manager-modal.tsx'));
const HELP = ['menu.onlineHelp', 'menu.userManual', 'menu.legalMentions', 'menu.endUserAgreement'];

export interface UserMenuProps { patient?: PatientMenuContext; darkOnly?: boolean }

/** Loaded on the first use of the menu button (see user-menu.tsx), opened at once. */
export default function UserMenuDropdown({ patient, darkOnly = false }: UserMenuProps) {
  const { t } = useTranslation();
  const { me, kind, patientFiles, structures } = useSessionData();
  const canOpen = useCanOpen();
  const [notice, setNotice] = useState<string>();
  const [timeZoneOpened, setTimeZoneOpened] = useState(false);
  const [aboutOpened, setAboutOpened] = useState(false);
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [managerOpened, setManagerOpened] = useState(false);
  const notificationsManager = <Menu.Item onClick={() => setManagerOpened(true)} data-testid="menu-notifications-manager">{t('menu.notificationsManager')}</Menu.Item>;
  const several = patientFiles.length + structures.length > 1;
  const name = `${me.usedFirstName ?? me.firstName} ${me.usedName ?? me.lastName}`;
  return (
    <>
      <Menu position="bottom-end" width={260} withinPortal defaultOpened>
        <Menu.Target>
          <Button variant="subtle" maw={NAME_MAX_WIDTH} styles={NAME_STYLES} aria-label={t('menu.open', { name })} data-testid="user-menu"><TruncatedText component="span" inherit style={NAME_TEXT_STYLE}>{name}</TruncatedText></Button>
        </Menu.Target>
        <Menu.Dropdown mah="80vh" style={{ overflowY: 'auto' }}>
          {patient && (
            <>
              <Menu.Item component={Link} to={paths.patient.profile.getHref({ patientFileIndex: patient.index })}>{t('menu.editProfile')}</Menu.Item>
              {PATIENT_NOT_BUILT.map((key) => <Menu.Item key={key} onClick={() => setNotice(key)}>{t(key)}</Menu.Item>)}
              <Menu.Item onClick={() => setPasswordOpened(true)}>{t('menu.changePassword')}</Menu.Item>
              {notificationsManager}
              {canOpen(paths.patient.iot.getHref({ patientFileIndex: patient.index })) && <Menu.Item component={Link} to={paths.patient.iot.getHref({ patientFileIndex: patient.index })}>{t('menu.connectedDevices')}</Menu.Item>}
              <Menu.Divider />
            </>
          )}
          {several && <Menu.Item component={Link} to={paths.contextSelector.getHref()}>{t('menu.changeContext')}</Menu.Item>}
          {!patient && <Menu.Item onClick={() => setPasswordOpened(true)}>{t('menu.changePassword')}</Menu.Item>}
          {!patient && kind !== 'admin' && notificationsManager}
          <LanguageMenuItems saveOnAccount />
          <Menu.Divider />
          <Menu.Item onClick={() => setTimeZoneOpened(true)}>{t('menu.timeZone')}</Menu.Item>
          {!darkOnly && <><Menu.Divider /><DisplayModeMenuItems /></>}
          <Menu.Divider />
          <Menu.Label>{t('menu.help')}</Menu.Label>
          {HELP.map((key) => <Menu.Item key={key} onClick={() => setNotice(key)}>{t(key)}</Menu.Item>)}
          <Menu.Item onClick={() => setAboutOpened(true)}>{t('menu.about')}</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="negative" onClick={() => redirectToLogout()}>{t('menu.disconnect')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <NotAvailableModal titleKey={notice} onClose={() => setNotice(undefined)} />
      {timeZoneOpened && <TimeZoneModal opened current={me.selectedTimezone} onClose={() => setTimeZoneOpened(false)} />}
      <AboutModal opened={aboutOpened} onClose={() => setAboutOpened(false)} />
      {passwordOpened && <Suspense fallback={null}><ChangePasswordDialog onClose={() => setPasswordOpened(false)} /></Suspense>}
      {managerOpened && <Suspense fallback={null}><NotificationsManagerModal opened onClose={() => setManagerOpened(false)} /></Suspense>}
    </>
  );
}
