import {
  CodeOutlined,
  ColumnHeightOutlined,
  FileTextOutlined,
  LinkOutlined,
  PictureOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { BlockLayout, BlockPadding, BlockType, ButtonStyle, TextAlign } from '@team/contracts';
import type { ReactNode } from 'react';

export const BLOCK_TYPE_INFO: Record<BlockType, { label: string; icon: ReactNode }> = {
  text: { label: 'Text', icon: <FileTextOutlined /> },
  video: { label: 'Video', icon: <VideoCameraOutlined /> },
  image: { label: 'Image', icon: <PictureOutlined /> },
  html: { label: 'HTML', icon: <CodeOutlined /> },
  button: { label: 'Button', icon: <LinkOutlined /> },
  spacer: { label: 'Spacer', icon: <ColumnHeightOutlined /> },
};

export const LAYOUT_LABELS: Record<BlockLayout, string> = {
  full: 'Full',
  half: 'Half',
  third: 'Third',
  'two-thirds': 'Two Thirds',
};

export const PADDING_LABELS: Record<BlockPadding, string> = {
  none: 'None',
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
};

export const TEXT_ALIGN_LABELS: Record<TextAlign, string> = {
  left: 'Left',
  center: 'Center',
  right: 'Right',
  justify: 'Justify',
};

export const BUTTON_STYLE_LABELS: Record<ButtonStyle, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  outline: 'Outline',
};
