import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { usePrerenderedForm } from '../../lib/prerendered-form';
import { Box, Button, Card, CardContent, Container, Link, Typography } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ForumIcon from '@mui/icons-material/Forum';
import { OutlinedField } from '../../components/outlined-field';
import { OutlinedSelectField } from '../../components/outlined-select-field';
import PublicLayout from './public-layout';
import { BUSINESS_HOURS, CONTACT_EMAIL, REPLY_TIME } from './contact-details';
import { sendContactMessage, type SendContactMessage } from './contact-service';
import {
  CONTACT_MESSAGE_COUNTER_MAX,
  CONTACT_SUBJECTS,
  EMPTY_CONTACT_FORM,
  firstInvalidField,
  normalizeContactForm,
  validateContactForm,
  type ContactField,
  type ContactFormErrors,
  type ContactFormValues,
} from './contact-validation';
import { PageTitle } from '../../components/page-title';
import { SectionCard } from '../../components/section-card';

export const CONTACT_SEND_FAILED =
  'Failed to send message. Please try again or contact us directly.';

const FAQS: { question: string; answer: string }[] = [
  {
    question: 'Is there a free trial?',
    answer:
      'Yes. Every plan starts with a 7-day free trial, no credit card required, and setup takes about 5 minutes.',
  },
  {
    question: 'Can I cancel anytime?',
    answer:
      'Yes. You can cancel at any time from your account, and every plan comes with a 30-day money-back guarantee.',
  },
  {
    question: 'Which social platforms does Postbloom support?',
    answer:
      'Postbloom writes posts for Facebook, Instagram, LinkedIn and Twitter. You connect Facebook and LinkedIn with your own app credentials in Settings.',
  },
  {
    question: 'Do I have to publish what the AI writes?',
    answer:
      'No. Every AI-written post is a suggestion: you can edit it, save it as a draft, ask for a revision or discard it before anything is scheduled.',
  },
  {
    question: 'How quickly will you reply?',
    answer: `We reply to every message ${REPLY_TIME}, and usually much sooner during business hours (${BUSINESS_HOURS}).`,
  },
];

type SendFailedModule = typeof import('./contact-send-failed');
let sendFailedModule: SendFailedModule | undefined;
/** Fetches the failed send's alert (MUI's Alert) once the visitor starts on the form. */
function loadSendFailed(): Promise<void> {
  // Every focus inside the form asks; once the module is in, there is nothing to fetch.
  if (sendFailedModule) return Promise.resolve();
  return import('./contact-send-failed').then(
    (module) => {
      sendFailedModule = module;
    },
    () => undefined,
  );
}

/** The failure, as an alert; plain text with the same role if its code could not be fetched. */
function SendFailed({ message }: { message: string }) {
  if (sendFailedModule) return <sendFailedModule.SendFailedAlert message={message} />;
  return (
    <Typography role="alert" color="error">
      {message}
    </Typography>
  );
}

/** The fields a visitor can fill in before the script runs: all of them. */
const TYPED_FIELDS = ['name', 'email', 'subject', 'message'] as const;

function ContactForm({
  send,
  onSent,
  focusFirstField,
}: {
  send: SendContactMessage;
  onSent: () => void;
  focusFirstField: boolean;
}) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  // What was typed into the prerendered form before the script ran is kept (and sent, if it was).
  usePrerenderedForm(formRef, TYPED_FIELDS, (carried) =>
    setValues((current) => ({ ...current, ...carried })),
  );
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const subjectRef = useRef<HTMLSelectElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const change =
    (field: ContactField) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (current[field] === undefined) return current;
        const next = { ...current };
        delete next[field];
        return next;
      });
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = validateContactForm(values);
    setErrors(found);
    const invalid = firstInvalidField(found);
    if (invalid) {
      const refs = { name: nameRef, email: emailRef, subject: subjectRef, message: messageRef };
      refs[invalid].current?.focus();
      return;
    }
    setSendError(null);
    setSending(true);
    const failureShown = loadSendFailed();
    try {
      await send(normalizeContactForm(values));
      onSent();
    } catch {
      await failureShown;
      setSendError(CONTACT_SEND_FAILED);
      setSending(false);
    }
  };

  const fieldProps = (field: ContactField) => ({
    name: field,
    value: values[field],
    onChange: change(field),
    error: errors[field] !== undefined,
    helperText: errors[field],
    required: true,
    fullWidth: true,
  });

  return (
    <Box
      component="form"
      ref={formRef}
      method="post"
      noValidate
      onFocus={() => void loadSendFailed()}
      onSubmit={(event) => void submit(event)}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {sendError && <SendFailed message={sendError} />}
        <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <OutlinedField
            label="Name"
            autoComplete="name"
            autoFocus={focusFirstField}
            inputRef={nameRef}
            {...fieldProps('name')}
          />
          <OutlinedField
            label="Email"
            type="email"
            autoComplete="email"
            inputRef={emailRef}
            {...fieldProps('email')}
          />
        </Box>
        {/* The browser's own list: it works before the script runs, and on a phone it is the
            system's picker. */}
        <OutlinedSelectField
          label="Subject"
          id="contact-subject"
          inputRef={subjectRef}
          {...fieldProps('subject')}
        >
          <option value="" disabled hidden />
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </OutlinedSelectField>
        <OutlinedField
          label="Message"
          multiline
          inputRef={messageRef}
          minRows={5}
          {...fieldProps('message')}
          helperText={
            <Box component="span" sx={{ display: 'flex', gap: 2 }}>
              <Box component="span" sx={{ flexGrow: 1 }}>
                {errors.message}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                {values.message.length}/{CONTACT_MESSAGE_COUNTER_MAX}
              </Box>
            </Box>
          }
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disableElevation
            disabled={sending}
            sx={{ minWidth: 180, width: { xs: '100%', sm: 'auto' } }}
          >
            {sending ? 'Sending...' : 'Send Message'}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

function SentConfirmation({ onReset }: { onReset: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Moving focus announces the result and keeps keyboard users inside the card.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <Box sx={{ textAlign: 'center', py: { xs: 2, md: 4 } }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography
        ref={headingRef}
        id="sent-heading"
        tabIndex={-1}
        component="h2"
        variant="h5"
        sx={{ mt: 2, fontWeight: 700, outline: 'none' }}
      >
        Message Sent Successfully
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mt: 1.5 }}>
        Thank you for reaching out. We&apos;ll get back to you {REPLY_TIME}.
      </Typography>
      <Button variant="outlined" sx={{ mt: 3 }} onClick={onReset}>
        Send Another Message
      </Button>
    </Box>
  );
}

function ContactDetails() {
  const rows = [
    {
      Icon: EmailOutlinedIcon,
      label: 'Email',
      value: (
        <Link href={`mailto:${CONTACT_EMAIL}`} sx={{ wordBreak: 'break-all' }}>
          {CONTACT_EMAIL}
        </Link>
      ),
    },
    { Icon: AccessTimeIcon, label: 'Business hours', value: BUSINESS_HOURS },
    { Icon: ForumIcon, label: 'Response time', value: `We reply ${REPLY_TIME}` },
  ];
  return (
    <SectionCard
      title="Contact details"
      sx={{ borderRadius: 3 }}
      contentSx={{ p: { xs: 3, md: 4 } }}
      titleSx={{ fontWeight: 700 }}
    >
      <Box
        component="dl"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, m: 0, mt: 1.5 }}
      >
        {rows.map(({ Icon, label, value }) => (
          <Box key={label} sx={{ display: 'flex', gap: 1.5 }}>
            <Icon color="primary" aria-hidden sx={{ mt: '2px' }} />
            <Box>
              <Typography component="dt" variant="subtitle2" sx={{ fontWeight: 700 }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

/**
 * The questions are the browser's own disclosures (details and summary): they open and close with
 * the keyboard and before the app's script has run, and need no script of their own.
 */
function Faq() {
  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-heading"
      sx={{ mt: { xs: 6, md: 8 }, outline: 'none', scrollMarginTop: 80 }}
    >
      <Typography
        id="faq-heading"
        component="h2"
        variant="h5"
        sx={{ fontWeight: 800, mb: 2.5, textAlign: 'center' }}
      >
        Frequently asked questions
      </Typography>
      <Box
        sx={(theme) => ({
          maxWidth: 800,
          mx: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
          overflow: 'hidden',
          '& details + details': { borderTop: 1, borderColor: 'divider' },
          '& summary': {
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            minHeight: 48,
            px: 2,
            py: 1.5,
            cursor: 'pointer',
            listStyle: 'none',
            '&::-webkit-details-marker': { display: 'none' },
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-visible': {
              outline: `3px solid ${theme.palette.text.primary}`,
              outlineOffset: -3,
            },
          },
          '& summary svg': {
            ml: 'auto',
            color: 'action.active',
            transition: theme.transitions.create('transform'),
          },
          '& details[open] summary svg': { transform: 'rotate(180deg)' },
        })}
      >
        {FAQS.map((faq) => (
          <details key={faq.question}>
            <summary>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {faq.question}
              </Typography>
              <ExpandMoreIcon aria-hidden />
            </summary>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
              {faq.answer}
            </Typography>
          </details>
        ))}
      </Box>
    </Box>
  );
}

export default function ContactPage({ send = sendContactMessage }: { send?: SendContactMessage }) {
  // The form itself tracks idle/sending; this only swaps it for the confirmation once sent.
  const [sent, setSent] = useState(false);
  // Set once the visitor asks to write another message, so focus lands back in the form.
  const [restarted, setRestarted] = useState(false);

  return (
    <PublicLayout>
      <PageTitle>Contact Us</PageTitle>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography
            component="h1"
            variant="h3"
            sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }}
          >
            Contact Us
          </Typography>
          <Typography variant="body1" color="text.secondary" sx={{ mt: 1.5 }}>
            Questions about Postbloom, your account or a partnership? Send us a message and
            we&apos;ll get back to you {REPLY_TIME}.
          </Typography>
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          }}
        >
          <Card
            variant="outlined"
            sx={{ borderRadius: 3 }}
            component="section"
            aria-labelledby={sent ? 'sent-heading' : 'form-heading'}
          >
            <CardContent sx={{ p: { xs: 3, md: 4 } }}>
              {sent ? (
                <SentConfirmation
                  onReset={() => {
                    setSent(false);
                    setRestarted(true);
                  }}
                />
              ) : (
                <>
                  <Typography
                    id="form-heading"
                    component="h2"
                    variant="h6"
                    sx={{ fontWeight: 700, mb: 2.5 }}
                  >
                    Send us a message
                  </Typography>
                  <ContactForm
                    send={send}
                    onSent={() => setSent(true)}
                    focusFirstField={restarted}
                  />
                </>
              )}
            </CardContent>
          </Card>
          <ContactDetails />
        </Box>
        <Faq />
      </Container>
    </PublicLayout>
  );
}
