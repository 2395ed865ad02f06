import type { HindiOf } from '@kholo/contracts';
import type { receiptEn } from './receipt.en.js';

export const receiptHi: HindiOf<typeof receiptEn> = {
  'receipt.subject': 'रसीद: {title} ({amount})',
  'receipt.preview': 'आपने “{title}” {amount} में अनलॉक किया। ऐक्सेस {until} तक है।',
  'receipt.heading': 'आपकी Kholo रसीद',
  'receipt.thanks': 'पेमेंट के लिए धन्यवाद। पूरी जानकारी यह है:',
  'receipt.item': 'आइटम: {title}',
  'receipt.creator': 'क्रिएटर: {name}',
  'receipt.amount': 'चुकाई गई रक़म: {amount}',
  'receipt.order': 'ऑर्डर ID: {orderId}',
  'receipt.paidOn': 'पेमेंट की तारीख़: {at}',
  'receipt.until': 'ऐक्सेस कब तक: {until}',
  'receipt.purchases': 'आपकी ख़रीदारी और यह रसीद: {url}',
  'receipt.action': 'अपना आइटम खोलें',
  'receipt.footnote':
    'सभी बिक्री अंतिम हैं। अगर कुछ गड़बड़ हुई हो, तो 24 घंटे के अंदर अपनी ख़रीदारी वाले पेज पर “शिकायत करें” चुनें, हम उसे ठीक कर देंगे।',
} as const;
