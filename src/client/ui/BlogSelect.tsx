import type { ComponentProps } from 'react';
import { Select } from './Select';

type Props = Omit<ComponentProps<typeof Select>, 'value' | 'onChange' | 'children'> & {
  blogs: readonly { name: string }[];
  value: string | undefined;
  onChange: (blogName: string) => void;
};

/** A choice among the user's blogs, by name: the header's current blog, the post form, activity, blocks. */
export function BlogSelect({ blogs, value, onChange, ...rest }: Props) {
  return (
    <Select value={value} onChange={(event) => onChange(event.currentTarget.value)} {...rest}>
      {blogs.map((blog) => (
        <option key={blog.name} value={blog.name}>
          {blog.name}
        </option>
      ))}
    </Select>
  );
}
