import { defineIcon } from '../../../components/ui/icons.js';

/** The studio's own decorative icons (the shared set has no bookmark, bolt or file), a size smaller. */
const STUDIO_ICON_SIZE = 18;

export const BookmarkIcon = defineIcon(['M6 3h12v18l-6-4-6 4z'], STUDIO_ICON_SIZE);
export const BoltIcon = defineIcon(['M13 2 4 14h7l-1 8 9-12h-7z'], STUDIO_ICON_SIZE);
export const ContinueIcon = defineIcon(
  ['M4 12h10', 'M4 6h16', 'M4 18h7', 'm17 15 3 3-3 3'],
  STUDIO_ICON_SIZE,
);
export const EraserIcon = defineIcon(['m7 21-4-4 11-11 7 7-8 8z', 'M21 21H7'], STUDIO_ICON_SIZE);
export const ChevronLeftIcon = defineIcon(['m15 6-6 6 6 6'], STUDIO_ICON_SIZE);
export const ChevronRightIcon = defineIcon(['m9 6 6 6-6 6'], STUDIO_ICON_SIZE);
export const FileIcon = defineIcon(
  ['M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z', 'M14 3v5h5', 'M9 13h6', 'M9 17h4'],
  STUDIO_ICON_SIZE,
);
export const SparkIcon = defineIcon(
  [
    'M12 3v4',
    'M12 17v4',
    'M3 12h4',
    'M17 12h4',
    'm6 6 2.5 2.5',
    'm15.5 15.5 2.5 2.5',
    'm6 18 2.5-2.5',
    'm15.5 8.5 2.5-2.5',
  ],
  STUDIO_ICON_SIZE,
);
export const PinIcon = defineIcon(['M9 4h6l-1 6 4 3v2H6v-2l4-3z', 'M12 15v6'], STUDIO_ICON_SIZE);
export const LayersIcon = defineIcon(['m12 3 9 5-9 5-9-5z', 'm3 13 9 5 9-5'], STUDIO_ICON_SIZE);
