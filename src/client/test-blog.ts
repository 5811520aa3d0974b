// Test data: a Blog as the server answers it, for component tests of any area.
import type { Blog } from '../shared/types';

/** A complete Blog named `name`, with the default theme; `extra` overrides any field. */
export function blogFixture(name: string, extra: Partial<Blog> = {}): Blog {
  return {
    name,
    uuid: `uuid-${name}`,
    url: `http://localhost:3000/blog/${name}`,
    blog_view_url: `http://localhost:3000/blog/${name}`,
    title: name,
    description_sanitized: '',
    directory_safe_title: name,
    avatar_url: `/svc/avatar/${name}/128`,
    avatar_url_48: `/svc/avatar/${name}/48`,
    avatar_url_128: `/svc/avatar/${name}/128`,
    is_adult: false,
    is_current: false,
    has_default_header: true,
    cname: null,
    global_theme_params: {
      background_color: '#FAFAFA', title_color: '#444444', link_color: '#529ECC', title_font: 'Gibson', title_font_weight: 'bold',
      show_title: true, show_description: true, show_avatar: true, avatar_shape: 'circle', show_header_image: true,
      header_image_focused: null, header_stretch: true,
    },
    ...extra,
  };
}
