/** The rules' periodic reminder (admin): a legal notice, sent even to those who stopped other emails. */
export const policyReminderEn = {
  'policyReminder.subject': 'A reminder of Kholo’s rules',
  'policyReminder.preview': 'The rules you agreed to on Kholo, and what happens when they are broken.',
  'policyReminder.heading': 'A reminder of Kholo’s rules',
  'policyReminder.rules':
    'Using Kholo means following our Terms and Conditions and our Privacy Policy. Only content the creator owns the rights to, in which everyone shown is 18 or older and agreed to be shown, and which is lawful in India, may be shared on Kholo.',
  'policyReminder.consequences':
    'Breaking these rules can lead to the removal of content and to the suspension or termination of the account.',
  'policyReminder.report':
    'To report an item or a creator, use Report on its page. For any other complaint, write to our Grievance Officer at {email}, as the Terms explain.',
  'policyReminder.terms': 'Terms and Conditions',
  'policyReminder.privacy': 'Privacy Policy',
  'policyReminder.grievances': 'Reporting content and grievances',
  'policyReminder.footnote':
    'The law in India asks us to remind every account of these rules regularly, so this email comes even if you turned off other emails.',
} as const;
