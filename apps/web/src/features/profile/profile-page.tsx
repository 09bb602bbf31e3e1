import {
  API_TOKEN_LABELS,
  PROFILE_LABELS,
  SESSION_MESSAGES,
  TWO_FACTOR_LOGIN_LABELS,
} from '@crm/shared';
import { hasFailed, LoadError } from '../../components/ui/load-error';
import { LoadingText } from '../../components/ui/status-text';
import { useProfile } from '../../api/profile/profile';
import { ApiTokensSection } from './api-tokens-section';
import { EmailForm } from './email-form';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';
import { PhotoSection } from './photo-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/**
 * /main/profile "Perfil" (issue 23), for every role: the caller's name and email, photo,
 * password, sessions, API tokens (issue 36) and preferences. Always the caller's own (the API
 * takes no user id).
 */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <div className="mx-auto max-w-3xl space-y-5 p-4 md:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{PROFILE_LABELS.heading}</h1>
      {hasFailed(profile) ? (
        <LoadError
          message={profile.error?.message ?? SESSION_MESSAGES.fetchFailed}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : profile.data === undefined ? (
        <LoadingText />
      ) : (
        <>
          <ProfileSection title={PROFILE_LABELS.personal}>
            <NameForm profile={profile.data} />
            <EmailForm profile={profile.data} />
          </ProfileSection>
          <ProfileSection title={PROFILE_LABELS.photo}>
            <PhotoSection profile={profile.data} />
          </ProfileSection>
          <ProfileSection title={PROFILE_LABELS.password}>
            <PasswordForm />
          </ProfileSection>
          <ProfileSection title={TWO_FACTOR_LOGIN_LABELS.heading}>
            <TwoFactorSection />
          </ProfileSection>
          <ProfileSection title={PROFILE_LABELS.sessions}>
            <SessionsSection />
          </ProfileSection>
          <ProfileSection title={API_TOKEN_LABELS.section}>
            <ApiTokensSection />
          </ProfileSection>
          <ProfileSection title={PROFILE_LABELS.preferences}>
            <PreferencesSection />
          </ProfileSection>
        </>
      )}
    </div>
  );
}
