// Ant Design with our theme and the spec's form messages (section 5). Only lazily loaded pages use
// antd, so the first page a visitor opens stays small.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { FORM_MESSAGES } from '../../../shared/constants/messages';

// NOTE: antd's default primary colour fails WCAG contrast (4.1:1 on white), and so does its placeholder grey (a select's
// placeholder is text axe checks); #6b7280 is 4.8:1. Its hover colour, derived from ours, is lighter (4.3:1 under white
// text), so a hovered primary button takes the site's own hover blue (.button-primary:hover), 9:1.
const theme = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorError: '#b42318',
    colorTextDescription: '#4b5563',
    colorTextPlaceholder: '#6b7280',
    borderRadius: 8,
    fontFamily: 'inherit',
    fontSize: 15,
  },
  // antd's buttons in the weight of the site's own (.button in styles.css): one look for every button.
  components: { Button: { fontWeight: 600 } },
};

export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} form={{ validateMessages: FORM_MESSAGES }}>
      {children}
    </ConfigProvider>
  );
}
