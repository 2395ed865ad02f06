import type { HindiOf } from '@kholo/contracts';
import type { layoutEn } from './layout.en.js';

export const layoutHi: HindiOf<typeof layoutEn> = {
  'layout.buttonFallback': 'अगर बटन काम न करे, तो यह लिंक कॉपी करके अपने ब्राउज़र में खोलें:',
  'layout.questions': 'कोई सवाल हो तो लिखें:',
  'layout.hello': 'नमस्ते,',
  'layout.helloName': 'नमस्ते {name},',
} as const;
