"""
A tiny Django REST Framework service for the client's presets: 45 rows behind a router (trailing slashes, as its
default), paged three ways, twice capped at 10 rows a page and once not at all, with OrderingFilter and django-filter, and a writable list of notes
(a ModelViewSet: create, update and delete). Serves on 127.0.0.1 at a free port, prints
"listening <port>" once ready; GET /_served lists the requests it served, so the test counts them at the service.
"""
import json
import sys

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="test-only",
    ALLOWED_HOSTS=["127.0.0.1"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "rest_framework",
        "rest_framework.authtoken",
        "django_filters",
    ],
    # A fast hash: the Basic-authenticated view checks a password at every request.
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
    # CommonMiddleware, as every new project has it: a path without its trailing slash is redirected to it.
    MIDDLEWARE=["django.middleware.common.CommonMiddleware"],
    REST_FRAMEWORK={
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
        "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    },
)
django.setup()

from django.db import connection, models  # noqa: E402
from django.urls import include, path  # noqa: E402
from django_filters.rest_framework import DjangoFilterBackend  # noqa: E402
from django.contrib.auth.models import Group, Permission, User  # noqa: E402
from django.contrib.contenttypes.models import ContentType  # noqa: E402
from rest_framework import authentication, pagination, permissions, routers, serializers, viewsets  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from rest_framework.filters import OrderingFilter  # noqa: E402


class Row(models.Model):
    name = models.CharField(max_length=40)
    group = models.CharField(max_length=10)

    class Meta:
        app_label = "rows"


class RowSerializer(serializers.ModelSerializer):
    class Meta:
        model = Row
        fields = ["id", "name", "group"]


class Numbered(pagination.PageNumberPagination):
    page_size = 10
    page_size_query_param = "page_size"


class Offset(pagination.LimitOffsetPagination):
    default_limit = 10


class CappedOffset(pagination.LimitOffsetPagination):
    default_limit = 10
    max_limit = 10


class CappedNumbered(pagination.PageNumberPagination):
    page_size = 10
    page_size_query_param = "page_size"
    max_page_size = 10


class Cursor(pagination.CursorPagination):
    page_size = 10
    page_size_query_param = "page_size"
    ordering = "id"


def viewset(paginator):
    return type(
        f"{paginator.__name__ if paginator else 'Unpaged'}Rows",
        (viewsets.ReadOnlyModelViewSet,),
        {
            "queryset": Row.objects.all().order_by("id"),
            "serializer_class": RowSerializer,
            "pagination_class": paginator,
            "filter_backends": [DjangoFilterBackend, OrderingFilter],
            "filterset_fields": ["group"],
            "ordering_fields": ["name", "id"],
            # OrderingFilter with CursorPagination needs an ordering when none is asked.
            "ordering": ["id"],
        },
    )


class Note(models.Model):
    name = models.CharField(max_length=40)

    class Meta:
        app_label = "rows"


class NoteSerializer(serializers.ModelSerializer):
    class Meta:
        model = Note
        fields = ["id", "name"]


class NoteViewSet(viewsets.ModelViewSet):
    queryset = Note.objects.all().order_by("id")
    serializer_class = NoteSerializer
    pagination_class = Numbered


# The numbered rows again, for a signed-in user only: TokenAuthentication (`Authorization: Token <key>`) and
# BasicAuthentication (a Django user's username and password).
PrivateRows = type(
    "PrivateRows",
    (viewset(Numbered),),
    {
        "authentication_classes": [authentication.TokenAuthentication, authentication.BasicAuthentication],
        "permission_classes": [permissions.IsAuthenticated],
    },
)

router = routers.DefaultRouter()
router.register("numbered", viewset(Numbered), basename="numbered")
router.register("offset", viewset(Offset), basename="offset")
router.register("cursor", viewset(Cursor), basename="cursor")
# Views that serve at most 10 rows a page, whatever size is asked (`max_limit`, `max_page_size`).
router.register("capped-offset", viewset(CappedOffset), basename="capped-offset")
router.register("capped-numbered", viewset(CappedNumbered), basename="capped-numbered")
# A view with no pagination: it reads no page or size and answers with its whole list.
router.register("unpaged", viewset(None), basename="unpaged")
# Writable rows of their own, so the lists above keep their 45 rows whatever the write tests do.
router.register("notes", NoteViewSet, basename="notes")
router.register("private", PrivateRows, basename="private")
urlpatterns = [path("", include(router.urls))]

with connection.schema_editor() as editor:
    editor.create_model(Row)
    editor.create_model(Note)
    for model in (ContentType, Permission, Group, User, Token):
        editor.create_model(model)
# The signed-in user of the private view: its password and its token key are the test's (test/helpers/startDjangoRest.ts).
user = User.objects.create_user("reports@example.com", password="pä55 word:1")
Token.objects.create(user=user, key="0123456789abcdef0123456789abcdef01234567")
Row.objects.bulk_create(
    Row(id=index + 1, name=f"row {(index * 17) % 45:02d}", group="even" if index % 2 else "odd") for index in range(45)
)

if __name__ == "__main__":
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    from django.core.wsgi import get_wsgi_application

    class Quiet(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    application = get_wsgi_application()

    served = []

    def counted(environ, start_response):
        # The requests served so far, for the test to count at the service (this one left out).
        if environ["PATH_INFO"] == "/_served":
            start_response("200 OK", [("Content-Type", "application/json")])
            return [json.dumps(served).encode()]
        query = environ.get("QUERY_STRING")
        served.append(f"{environ['REQUEST_METHOD']} {environ['PATH_INFO']}{'?' + query if query else ''}")
        return application(environ, start_response)

    # One thread: the in-memory database lives on this one connection.
    server = make_server("127.0.0.1", 0, counted, handler_class=Quiet)
    print(f"listening {server.server_port}", flush=True)
    sys.stdout.flush()
    server.serve_forever()
