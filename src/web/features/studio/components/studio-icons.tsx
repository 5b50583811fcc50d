import type { ReactNode } from 'react';
import { Icon as SharedIcon, type IconProps } from '../../../components/ui/icons.js';

/** The studio's own decorative icons (the shared set has no bookmark, bolt or file), a size smaller. */
function Icon({ size = 18, ...rest }: IconProps & { children: ReactNode }) {
  return <SharedIcon size={size} {...rest} />;
}

export const BookmarkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3h12v18l-6-4-6 4z" />
  </Icon>
);

export const BoltIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
  </Icon>
);

export const ContinueIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12h10" />
    <path d="M4 6h16" />
    <path d="M4 18h7" />
    <path d="m17 15 3 3-3 3" />
  </Icon>
);

export const EraserIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m7 21-4-4 11-11 7 7-8 8z" />
    <path d="M21 21H7" />
  </Icon>
);

export const ChevronLeftIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m15 6-6 6 6 6" />
  </Icon>
);

export const ChevronRightIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

export const FileIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6" />
    <path d="M9 17h4" />
  </Icon>
);

export const SparkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3v4" />
    <path d="M12 17v4" />
    <path d="M3 12h4" />
    <path d="M17 12h4" />
    <path d="m6 6 2.5 2.5" />
    <path d="m15.5 15.5 2.5 2.5" />
    <path d="m6 18 2.5-2.5" />
    <path d="m15.5 8.5 2.5-2.5" />
  </Icon>
);

export const PinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 4h6l-1 6 4 3v2H6v-2l4-3z" />
    <path d="M12 15v6" />
  </Icon>
);

export const LayersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m12 3 9 5-9 5-9-5z" />
    <path d="m3 13 9 5 9-5" />
  </Icon>
);
