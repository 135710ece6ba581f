"""The health check answers "ok" without touching the database (the load test's baseline)."""

from django.test import Client


def test_the_health_check_answers_ok_without_a_query(django_assert_num_queries, db):
    with django_assert_num_queries(0):
        response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
