import { CONTACT_EMAIL } from './contact-details';

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalDocumentContent {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'January 15, 2025';

export const PRIVACY_POLICY: LegalDocumentContent = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'Postbloom helps small businesses write, schedule and measure social media posts. This policy explains what personal information we collect when you use Postbloom, why we collect it, who we share it with and the choices you have.',
  sections: [
    {
      heading: 'Information we collect',
      items: [
        'Account details: your first and last name, email address and password. Passwords are stored only as a secure one-way hash.',
        'Business profile: the answers you give in onboarding, such as your business name, industry, location, goals, audience, brand voice and posting preferences.',
        'Your content: prompts, drafts, AI-generated posts, hashtags, schedules and the feedback you give on posts.',
        'Platform credentials: the app IDs, secrets and access tokens you provide to connect Facebook, LinkedIn and other social platforms.',
        'Usage and device data: browser type, pages visited, errors and similar technical information that helps us keep the service working.',
        'Messages you send us, for example through the contact form.',
      ],
    },
    {
      heading: 'How we use your information',
      items: [
        'To provide Postbloom: create your account, save your drafts and sync them between your devices.',
        'To generate content that fits your business, using your business profile and prompts.',
        'To connect to the social platforms you choose and show your performance data.',
        'To answer your questions and provide support.',
        'To keep the service secure, prevent abuse and fix problems.',
        'To send you service messages about your account, your trial and changes to our terms. Marketing emails are optional and you can turn them off at any time.',
      ],
      paragraphs: ['We do not sell your personal information.'],
    },
    {
      heading: 'AI-generated content',
      paragraphs: [
        'When you ask Postbloom to write a post, we send your prompt and the relevant parts of your business profile to our AI provider so it can generate the text. We send only what is needed to write the post, and the provider processes it on our behalf to deliver the service.',
        'AI suggestions can be inaccurate. Please review every post before you publish it.',
      ],
    },
    {
      heading: 'Third-party platforms',
      paragraphs: [
        'If you connect a social platform such as Facebook, Instagram, LinkedIn or Twitter, that platform receives the posts you publish and shares back the account and performance data you authorise. Their own privacy policies apply to the data they hold. You can disconnect a platform or delete its credentials in Settings at any time.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'Postbloom is an installable app that also works offline. To do that it keeps data in your browser: your sign-in session, your preferences and a copy of your drafts and posts, stored in local storage and IndexedDB. Changes you make offline are kept there until they can be synced.',
        'We do not use advertising or third-party tracking cookies. Clearing your browser data signs you out and removes any changes that have not been synced yet.',
      ],
    },
    {
      heading: 'Sharing your information',
      paragraphs: [
        'We share personal information only with service providers that help us run Postbloom (hosting, database, email and AI providers), under contracts that require them to protect it, with the social platforms you connect, and when the law requires it.',
      ],
    },
    {
      heading: 'Security, availability and retention',
      paragraphs: [
        'Data is encrypted in transit, and access to each account’s data is restricted to that account. We aim for 99.9% uptime and monitor the service around the clock.',
        'We keep your information for as long as your account is open. When you delete your account, we delete your personal information within 30 days, except records we must keep by law, such as invoices.',
      ],
    },
    {
      heading: 'Subscriptions and billing',
      paragraphs: [
        'Every plan starts with a 7-day free trial. If you subscribe, our payment provider processes your card details; we do not store full card numbers. If you ask for a refund under our 30-day money-back guarantee, we keep the billing record of that refund as the law requires.',
      ],
    },
    {
      heading: 'Your rights',
      items: [
        'Access the personal information we hold about you.',
        'Correct information that is wrong, directly in your profile or by asking us.',
        'Export your data in a portable format.',
        'Delete your account and personal information.',
        'Object to or restrict certain processing, and withdraw consent to marketing emails.',
        'Complain to your local data protection authority.',
      ],
      paragraphs: [
        `To use any of these rights, email ${CONTACT_EMAIL}. We reply to every request within 24 hours.`,
      ],
    },
    {
      heading: 'Age requirement',
      paragraphs: [
        'Postbloom is for people who are at least 18 years old. We do not knowingly collect personal information from anyone under 18; if you believe we have, contact us and we will delete it.',
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'If we make material changes to this policy, we will tell you by email and in the app at least 30 days before they take effect.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalDocumentContent = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro:
    'These terms are an agreement between you and Postbloom. By creating an account or using Postbloom, you agree to them. If you use Postbloom for a business, you agree on behalf of that business.',
  sections: [
    {
      heading: 'Eligibility',
      paragraphs: [
        'You must be at least 18 years old and able to enter into a binding contract to use Postbloom.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Give accurate information when you sign up and keep it up to date. Keep your password secure: you are responsible for what happens under your account. Tell us straight away if you think someone else has accessed it.',
      ],
    },
    {
      heading: 'Free trial, plans and billing',
      items: [
        'Every plan starts with a 7-day free trial. No credit card is required to start it.',
        'After the trial, plans are billed monthly in advance at the price shown on our pricing page.',
        'You can cancel anytime. You keep access until the end of the period you have paid for.',
        'We give at least 30 days notice before a price change affects your subscription.',
      ],
    },
    {
      heading: '30-day money-back guarantee',
      paragraphs: [
        'If Postbloom is not right for you, ask for a refund within 30 days of your first payment and we will refund it in full. No questions asked.',
      ],
    },
    {
      heading: 'AI-generated content',
      paragraphs: [
        'Postbloom uses artificial intelligence to suggest posts, hashtags and ideas. Suggestions can be inaccurate, incomplete or similar to content produced for others. You decide what to publish, and you are responsible for reviewing every post, including any claims, prices and disclaimers, before it goes out.',
      ],
    },
    {
      heading: 'Acceptable use',
      items: [
        'Do not use Postbloom to publish content that is illegal, misleading, hateful, harassing or that infringes anyone’s rights.',
        'Do not send spam or break the rules of the social platforms you post to.',
        'Do not try to access other users’ data, disrupt the service or reverse engineer it.',
      ],
    },
    {
      heading: 'Third-party platforms',
      paragraphs: [
        'To publish to a social platform you connect it with your own app credentials. Your use of each platform is governed by its own terms. We are not responsible for changes, outages or decisions made by those platforms.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'You own the content you create and publish with Postbloom. You give us a limited licence to store, process and transmit it only as needed to provide the service to you.',
      ],
    },
    {
      heading: 'Service availability',
      paragraphs: [
        'We aim for 99.9% uptime each month, excluding scheduled maintenance that we announce in advance. Your drafts stay available on your device while you are offline and sync when you are back online.',
      ],
    },
    {
      heading: 'Ending your account',
      paragraphs: [
        'You can close your account at any time from Settings or by contacting us, and you can export your data first. We may suspend or close accounts that break these terms, and we will tell you why unless the law prevents us.',
      ],
    },
    {
      heading: 'Disclaimers',
      paragraphs: [
        'Postbloom is provided as is. Results such as time saved or engagement growth vary between businesses, and the averages we publish are not a promise of specific results.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the fullest extent the law allows, Postbloom is not liable for indirect or consequential losses, such as lost profits or lost data, and our total liability for any claim is limited to the amount you paid us in the 12 months before the claim arose.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We will give you at least 30 days notice by email and in the app before material changes to these terms take effect. If you keep using Postbloom after that, the new terms apply; if you do not agree, you can cancel before they take effect.',
      ],
    },
  ],
};
