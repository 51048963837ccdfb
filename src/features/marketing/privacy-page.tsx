import LegalDocument from './legal-document';
import { PRIVACY_POLICY } from './legal-content';

export default function PrivacyPage() {
  return <LegalDocument content={PRIVACY_POLICY} />;
}
