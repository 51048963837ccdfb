import LegalDocument from './legal-document';
import { TERMS_OF_SERVICE } from './legal-content';

export default function TermsPage() {
  return <LegalDocument content={TERMS_OF_SERVICE} />;
}
