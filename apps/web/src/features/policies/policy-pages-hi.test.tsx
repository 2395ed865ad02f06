import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test-utils.tsx';

const NOTICE = 'यह हिन्दी अनुवाद आपकी सुविधा के लिए है। अगर इसमें और अंग्रेज़ी वर्शन में कोई फ़र्क़ हो, तो अंग्रेज़ी वर्शन मान्य होगा।';

const pages = [
  {
    path: '/ShippingPolicy',
    heading: 'शिपिंग पॉलिसी',
    english: 'Shipping Policy',
    mustSay: [/कोई भी सामान कभी भेजा नहीं जाता/, /14 दिन का ऐक्सेस/],
    englishGone: /Nothing physical is ever shipped/,
  },
  {
    path: '/CancellationsAndRefunds',
    heading: 'कैंसलेशन और रिफ़ंड',
    english: 'Cancellations and Refunds',
    mustSay: [/हर ख़रीद फ़ाइनल है/, /ख़रीद के 24 घंटे के अंदर/, /UPI: आम तौर पर 1 से 3 कामकाजी दिनों में/],
    englishGone: /All sales are final/i,
  },
  {
    path: '/TermsAndConditions',
    heading: 'नियम और शर्तें',
    english: 'Terms and Conditions',
    mustSay: [
      /कंटेंट सिर्फ़ निजी तौर पर देखने के लिए है/,
      /Information Technology Act, 2000/,
      /₹/,
      /जिस रिपोर्ट में “कुछ और” चुना गया हो/,
      /\(शिकायत अधिकारी\) —/,
    ],
    englishGone: /personal viewing only/i,
  },
  {
    path: '/PrivacyPolicy',
    heading: 'प्राइवेसी पॉलिसी',
    english: 'Privacy Policy',
    mustSay: [
      /कभी बेचते नहीं/,
      /Digital Personal Data Protection Act, 2023/,
      /अकाउंट डिलीट करने के बाद क्या बचा रहता है/,
      /\(शिकायत अधिकारी\) —/,
    ],
    englishGone: /never sell it/i,
  },
] as const;

describe.each(pages)('$path in Hindi', ({ path, heading, english, mustSay, englishGone }) => {
  it('is in Hindi, says the English version prevails, and switches to it', async () => {
    renderRoute(path, { locale: 'hi' });
    await screen.findByRole('heading', { level: 1, name: heading });
    await waitFor(() => {
      expect(document.title).toBe(`${heading} · Kholo`);
    });
    const main = screen.getByRole('main');
    for (const phrase of mustSay) expect(main).toHaveTextContent(phrase);
    expect(main).not.toHaveTextContent(englishGone);
    // The officer's designation is said in Hindi (the legal text may gloss the English term in brackets).
    expect(main).not.toHaveTextContent(/\(Grievance Officer\) —/);
    expect(main).toHaveTextContent(NOTICE);
    expect(screen.getByRole('navigation', { name: 'इस पेज पर' })).toBeInTheDocument();
    // The support address is the operator's, in either language; bold words stay bold.
    expect(main).toHaveTextContent('support@');
    expect(Array.from(main.querySelectorAll('strong'), (bold) => bold.textContent).join(' ')).toMatch(
      /[\u0900-\u097F]/,
    );

    await userEvent.click(screen.getByRole('button', { name: 'अंग्रेज़ी वर्शन पढ़ें' }));
    await screen.findByRole('heading', { level: 1, name: english });
    expect(screen.getByRole('main')).not.toHaveTextContent(NOTICE);
  });
});

describe('the English pages', () => {
  it('show no translation notice', async () => {
    renderRoute('/ShippingPolicy');
    await screen.findByRole('heading', { level: 1, name: 'Shipping Policy' });
    expect(screen.queryByRole('button', { name: 'अंग्रेज़ी वर्शन पढ़ें' })).toBeNull();
    expect(screen.getByRole('main')).toHaveTextContent(
      'Delivery is digital and instant. As soon as our payment provider confirms your payment',
    );
  });
});
