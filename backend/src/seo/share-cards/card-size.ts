/** Share cards are drawn at OpenGraph's recommended size (1.91:1), which Discord, X and Slack show whole. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
