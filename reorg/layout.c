#include "layout.h"

#include "array.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

const char *ph_kind_name(enum ph_kind kind)
{
	switch (kind) {
	case PH_KIND_UNION:
		return "union";
	case PH_KIND_CLASS:
		return "class";
	case PH_KIND_STRUCT:
	default:
		return "struct";
	}
}

bool ph_kind_parse(const char *s, enum ph_kind *ret)
{
	static const enum ph_kind kinds[] = { PH_KIND_STRUCT, PH_KIND_UNION,
					      PH_KIND_CLASS };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (strcmp(s, ph_kind_name(kinds[i])) == 0) {
			*ret = kinds[i];
			return true;
		}
	}
	return false;
}

void ph_member_vec_init(struct ph_member_vec *vec)
{
	vec->v = NULL;
	vec->n = vec->cap = 0;
}

void ph_member_vec_deinit(struct ph_member_vec *vec)
{
	free(vec->v);
	ph_member_vec_init(vec);
}

struct ph_error *ph_member_vec_push(struct ph_member_vec *vec,
				    const struct ph_member *m)
{
	struct ph_error *err = ph_array_reserve(&vec->v, &vec->cap, vec->n + 1,
						 sizeof(*vec->v));

	if (err)
		return err;
	vec->v[vec->n++] = *m;
	return NULL;
}

void ph_member_vec_sort(struct ph_member_vec *vec)
{
	/* Insertion sort: stable, and members nearly always come in order.  */
	for (size_t i = 1; i < vec->n; i++) {
		struct ph_member m = vec->v[i];
		size_t j = i;

		while (j > 0 && vec->v[j - 1].bit_offset > m.bit_offset) {
			vec->v[j] = vec->v[j - 1];
			j--;
		}
		vec->v[j] = m;
	}
}

struct ph_error *ph_model_create(struct ph_model **ret)
{
	struct ph_model *model = calloc(1, sizeof(*model));

	if (!model)
		return &ph_error_nomem;
	ph_arena_init(&model->arena);
	*ret = model;
	return NULL;
}

void ph_model_destroy(struct ph_model *model)
{
	if (!model)
		return;
	ph_arena_deinit(&model->arena);
	free(model->types);
	free(model);
}

struct ph_error *ph_model_strdup(struct ph_model *model, const char *s,
				 const char **ret)
{
	char *p = ph_arena_strdup(&model->arena, s ? s : "");

	if (!p)
		return &ph_error_nomem;
	*ret = p;
	return NULL;
}

struct ph_error *ph_model_copy_members(struct ph_model *model,
				       const struct ph_member *members,
				       size_t n, struct ph_member **ret)
{
	struct ph_member *out;
	struct ph_error *err;

	if (n == 0) {
		*ret = NULL;
		return NULL;
	}
	if (n > SIZE_MAX / sizeof(*out))
		return &ph_error_nomem;
	out = ph_arena_alloc(&model->arena, n * sizeof(*out));
	if (!out)
		return &ph_error_nomem;
	for (size_t i = 0; i < n; i++) {
		out[i] = members[i];
		if ((err = ph_model_strdup(model, members[i].name, &out[i].name)) ||
		    (err = ph_model_strdup(model, members[i].type, &out[i].type)) ||
		    (err = ph_model_strdup(model, members[i].name_pre,
					   &out[i].name_pre)) ||
		    (err = ph_model_strdup(model, members[i].name_post,
					   &out[i].name_post)) ||
		    (err = ph_model_copy_members(model, members[i].members,
						 members[i].nr_members,
						 &out[i].members)))
			return err;
	}
	*ret = out;
	return NULL;
}

static struct ph_error *reserve_type(struct ph_model *model)
{
	return ph_array_reserve(&model->types, &model->cap_types,
				model->nr_types + 1, sizeof(*model->types));
}

struct ph_error *ph_model_append(struct ph_model *model,
				 const struct ph_type *t)
{
	struct ph_type *copy;
	struct ph_error *err = reserve_type(model);

	if (err)
		return err;
	copy = ph_arena_memdup(&model->arena, t, sizeof(*t));
	if (!copy)
		return &ph_error_nomem;
	model->types[model->nr_types++] = copy;
	return NULL;
}

struct ph_error *ph_model_add_type(struct ph_model *model,
				   const struct ph_type *t,
				   const struct ph_type **ret)
{
	struct ph_type *copy;
	struct ph_error *err = reserve_type(model);

	if (err)
		return err;
	copy = ph_arena_alloc(&model->arena, sizeof(*copy));
	if (!copy)
		return &ph_error_nomem;
	*copy = *t;
	if ((err = ph_model_strdup(model, t->name, &copy->name)) ||
	    (err = ph_model_strdup(model, t->file, &copy->file)) ||
	    (err = ph_model_copy_members(model, t->members, t->nr_members,
					 &copy->members)))
		return err;
	model->types[model->nr_types++] = copy;
	if (ret)
		*ret = copy;
	return NULL;
}

size_t ph_member_type_name(const struct ph_member *m, char *buf, size_t size)
{
	const char *parts[4] = { m->type ? m->type : "", "",
				 m->name_pre ? m->name_pre : "",
				 m->name_post ? m->name_post : "" };
	size_t n = 0;

	/* "int" + "(*" + ")(char)" reads "int (*)(char)"; "char" + "[2]"
	   reads "char[2]".  Not snprintf: every report spells every
	   member.  */
	if (*parts[2])
		parts[1] = " ";
	for (int i = 0; i < 4; i++) {
		size_t len = strlen(parts[i]);

		if (n < size) {
			size_t room = size - 1 - n;

			memcpy(buf + n, parts[i], len < room ? len : room);
		}
		n += len;
	}
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}
