import type { SVGProps } from 'react';

/** Inline icons: decorative (aria-hidden); the control that holds one carries the accessible name. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** The frame every icon shares; exported so features can draw their own in the same style. */
export function Icon({ size = 20, children, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** One stroke of an icon: a path's data, or a circle or rectangle where a path would read worse. */
export type IconShape = string | { circle: SVGProps<SVGCircleElement> } | { rect: SVGProps<SVGRectElement> };

function shapeElement(shape: IconShape, key: number) {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if ('circle' in shape) return <circle key={key} {...shape.circle} />;
  return <rect key={key} {...shape.rect} />;
}

/** Makes an icon component from its shapes, drawn in the shared frame at `defaultSize` unless told. */
export function defineIcon(shapes: readonly IconShape[], defaultSize = 20) {
  const children = shapes.map(shapeElement);
  return function DefinedIcon({ size = defaultSize, ...rest }: IconProps) {
    return (
      <Icon size={size} {...rest}>
        {children}
      </Icon>
    );
  };
}

export const ArrowRightIcon = defineIcon(['M5 12h14', 'm13 6 6 6-6 6']);
export const StarIcon = defineIcon([
  'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z',
]);
export const LogOutIcon = defineIcon([
  'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
  'm16 17 5-5-5-5',
  'M21 12H9',
]);
export const EyeIcon = defineIcon([
  'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z',
  { circle: { cx: '12', cy: '12', r: '3' } },
]);
export const EyeOffIcon = defineIcon([
  'M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.4 3.3',
  'M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  'm2 2 20 20',
]);
export const CloseIcon = defineIcon(['M18 6 6 18', 'm6 6 12 12']);
export const ExpandIcon = defineIcon(['M15 3h6v6', 'M9 21H3v-6', 'm21 3-7 7', 'm3 21 7-7']);
export const CollapseIcon = defineIcon(['M4 14h6v6', 'M20 10h-6V4', 'm14 10 7-7', 'm3 21 7-7']);
export const ImageIcon = defineIcon([
  { rect: { x: '3', y: '3', width: '18', height: '18', rx: '3' } },
  { circle: { cx: '9', cy: '9', r: '2' } },
  'm21 15-4.5-4.5L6 21',
]);
export const MessageIcon = defineIcon(['M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z']);
export const SendIcon = defineIcon(['M4 12 20 4l-6 16-3-7z', 'm11 13 9-9']);
/** A curved arrow pointing right: pass this message on. */
export const ForwardIcon = defineIcon(['m14 5 6 6-6 6', 'M20 11H10a6 6 0 0 0-6 6v2']);
export const PlayIcon = defineIcon(['M7 4.5v15l12-7.5z']);
export const StopIcon = defineIcon([{ rect: { x: '6', y: '6', width: '12', height: '12', rx: '2' } }]);
export const CopyIcon = defineIcon([
  { rect: { x: '9', y: '9', width: '12', height: '12', rx: '2' } },
  'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
]);
export const CheckIcon = defineIcon(['m5 12 5 5 9-10']);
export const FlagIcon = defineIcon(['M5 21V4', 'M5 4h11l-2 4 2 4H5']);
export const PencilIcon = defineIcon(['M4 20h4L19 9l-4-4L4 16z', 'm13.5 6.5 4 4']);
export const TrashIcon = defineIcon(['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3']);
export const SmileIcon = defineIcon([
  { circle: { cx: '12', cy: '12', r: '9' } },
  'M8.5 14a4 4 0 0 0 7 0',
  'M9 9.5h.01',
  'M15 9.5h.01',
]);
export const BlockIcon = defineIcon([{ circle: { cx: '12', cy: '12', r: '9' } }, 'm5.6 5.6 12.8 12.8']);
const BELL = ['M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9', 'M10 21h4'];
export const BellIcon = defineIcon(BELL);
export const BellOffIcon = defineIcon([...BELL, 'm3 3 18 18']);
export const SearchIcon = defineIcon([{ circle: { cx: '11', cy: '11', r: '7' } }, 'm20 20-3.5-3.5']);
export const ContactsIcon = defineIcon([
  { rect: { x: '3', y: '4', width: '18', height: '16', rx: '3' } },
  'M9 4v16',
  'M13 9h4',
  'M13 13h4',
]);
/** Several people: a room, its members. */
export const PeopleIcon = defineIcon([
  { circle: { cx: '9', cy: '8', r: '3.5' } },
  'M2.5 20a6.5 6.5 0 0 1 13 0',
  'M15.5 4.6a3.5 3.5 0 0 1 0 6.8',
  'M18 14.2a6.5 6.5 0 0 1 3.5 5.8',
]);
export const PlusIcon = defineIcon(['M12 5v14', 'M5 12h14']);
