import { PolicyPage } from './PolicyPage';
import { PRIVACY_ACTIONS, PRIVACY_INTRO, PRIVACY_SECTIONS, PRIVACY_TITLE } from '../privacy-policy.content';

/** /privacy-policy: 12 numbered sections, today's date, buttons to sign-up and the terms. */
export function PrivacyPolicyPage() {
  return (
    <PolicyPage
      title={PRIVACY_TITLE}
      intro={PRIVACY_INTRO}
      sections={PRIVACY_SECTIONS}
      actions={PRIVACY_ACTIONS}
      showLastUpdated
    />
  );
}
