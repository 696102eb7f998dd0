import { PolicyPage } from './PolicyPage';
import { TERMS_ACTIONS, TERMS_INTRO, TERMS_SECTIONS, TERMS_TITLE } from '../terms-of-service.content';

/** /terms-of-service: 16 numbered sections, buttons to sign-up and the privacy policy. */
export function TermsOfServicePage() {
  return <PolicyPage title={TERMS_TITLE} intro={TERMS_INTRO} sections={TERMS_SECTIONS} actions={TERMS_ACTIONS} />;
}
