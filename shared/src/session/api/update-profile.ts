import { http } from '../../http/http';
import type { User } from '../../types';

export interface UpdateProfileInput {
  name?: string;
  email?: string;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

/** POST /api/users/{id}/update: the server answers the updated user. */
export async function updateProfile(userId: number, input: UpdateProfileInput): Promise<User> {
  const { data } = await http.post<User>(`/api/users/${userId}/update`, input);
  return data;
}
